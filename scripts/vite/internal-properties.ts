import { minify, type Plugin } from "vite";

/**
 * Properties that React DOM, React and the scheduler create on objects only they read: fibers,
 * roots, hook and update queues, scheduler tasks. None is a DOM, JavaScript or public React name
 * (checked against the DOM, ES and React typings when the list was made).
 */
const REACT_INTERNALS = [
  "alternate",
  "attachedListener",
  "autoName",
  "baseLanes",
  "baseQueue",
  "baseState",
  "blockedOn",
  "cachePool",
  "callbackNode",
  "callbackPriority",
  "cancelPendingCommit",
  "childLanes",
  "containerInfo",
  "dehydrated",
  "deletions",
  "eagerState",
  "elementType",
  "enqueueForceUpdate",
  "enqueueReplaceState",
  "enqueueSetState",
  "entangledLanes",
  "entanglements",
  "errorRecoveryDisabledLanes",
  "eventSystemFlags",
  "expirationTimes",
  "expiredLanes",
  "firstBaseUpdate",
  "firstContext",
  "foundSelf",
  "fragmentInstance",
  "hasEagerState",
  "hiddenCallbacks",
  "hiddenUpdates",
  "hoistableScripts",
  "hoistableStyles",
  "hydrationErrors",
  "imgBytes",
  "imgCount",
  "impl",
  "incompleteTransitions",
  "isBackwards",
  "isDehydrated",
  "isPureReactComponent",
  "isReactComponent",
  "isTransition",
  "lane",
  "lanes",
  "lastBaseUpdate",
  "lastEffect",
  "lastRenderedReducer",
  "lastRenderedState",
  "memoCache",
  "memoizedProps",
  "memoizedState",
  "memoizedValue",
  "nextImpl",
  "paired",
  "pendingChildren",
  "pendingContext",
  "pendingLanes",
  "pendingProps",
  "pingCache",
  "pingedLanes",
  "pool",
  "pooledCache",
  "pooledCacheLanes",
  "priorityLevel",
  "reactFragments",
  "refCleanup",
  "refCount",
  "renderingStartTime",
  "retryLane",
  "retryQueue",
  "revertLane",
  "selectionRange",
  "shellSuspendCounter",
  "sibling",
  "sortIndex",
  "stateNode",
  "subtreeFlags",
  "suspendedLanes",
  "suspenseyImages",
  "tail",
  "tailMode",
  "targetContainers",
  "timeoutHandle",
  "transitionTypes",
  "treeContext",
  "treeForkCount",
  "unsuspend",
  "updateQueue",
  "waitingForImages",
  "waitingForViewTransition",
  "warmLanes",
];

/**
 * The same for TanStack Router, its history and its store: the router's own state and the options it
 * reads, none a DOM or JavaScript name. Any the app itself uses is left alone by `renamableProperties`.
 */
const ROUTER_INTERNALS = [
  "InnerWrap",
  "addChildren",
  "additionalContext",
  "basepath",
  "branch",
  "buildAndCommitLocation",
  "buildLocation",
  "buildRouteTree",
  "byRoute",
  "caseSensitive",
  "clearCache",
  "commitLocation",
  "createHref",
  "defaultComponent",
  "defaultHashScrollIntoView",
  "defaultOnCatch",
  "defaultPreloadGcTime",
  "defaultRemountDeps",
  "defaultStaleReloadMode",
  "defaultStaleTime",
  "defaultStructuralSharing",
  "defaultViewTransition",
  "depsTail",
  "disableGlobalCatchBoundary",
  "dynamics",
  "emit",
  "explicitUndefined",
  "flatCache",
  "forcePending",
  "fromLocation",
  "getBlockers",
  "getLocation",
  "getMatchStore",
  "getScrollRestorationKey",
  "getStoreConfig",
  "headScripts",
  "includeHash",
  "includeSearch",
  "isNotFound",
  "isRoot",
  "isServer",
  "isShell",
  "latestLocation",
  "lazyFn",
  "leaveParams",
  "lightweightCache",
  "loadRouteChunk",
  "masksTree",
  "matchCache",
  "matchRoute",
  "matchRoutes",
  "matchRoutesInternal",
  "matchRoutesLightweight",
  "middlewares",
  "navigateOpts",
  "nextDep",
  "nextSub",
  "notFoundMode",
  "notFoundRoute",
  "notifyOnIndexChange",
  "onBlocked",
  "onCatch",
  "optionals",
  "originalIndex",
  "paramsError",
  "parentRoute",
  "parseParams",
  "pathParamsAllowedCharacters",
  "pathParamsDecoder",
  "pathless",
  "pendingMinMs",
  "pendingMs",
  "postSearchFilters",
  "preSearchFilters",
  "preloadGcTime",
  "preloadRoute",
  "preloadStaleTime",
  "prevDep",
  "prevSub",
  "processedTree",
  "protocolAllowlist",
  "rawParams",
  "remountDeps",
  "resetKey",
  "resolvePathCache",
  "resolveRedirect",
  "resolvedLocation",
  "rewrite",
  "routeMasks",
  "routesById",
  "routesByPath",
  "scrollToTopSelectors",
  "searchError",
  "segmentTree",
  "setBlockers",
  "setMatches",
  "setRoutes",
  "shellComponent",
  "shouldReload",
  "shouldThrow",
  "shouldViewTransition",
  "singleCache",
  "staleReloadMode",
  "staticData",
  "staticInsensitive",
  "staticLocations",
  "statics",
  "stringifyParams",
  "stringifySearch",
  "subs",
  "subsTail",
  "tempLocationKey",
  "trailingSlash",
  "updateLatestLocation",
  "updateLoader",
  "useLoaderDeps",
  "useMatch",
  "wildcard",
  "wrapInSuspense",
];

/** Read by the scripts React's server renderer writes into a streamed page, so never renamed. */
const READ_FROM_OUTSIDE = new Set(["_reactRetry"]);

const literal = (name: string) => name.replaceAll("$", "\\$");

/**
 * The properties of `code` that may be renamed: React's internals and the ones named `_private` by
 * convention (React's and TanStack Router's), leaving out any name that `elsewhere` (the other
 * chunks) mentions, since objects could cross between them, and any name `code` spells as a string,
 * since a quoted key or an `in` check would keep the old name.
 */
export function renamableProperties(code: string, elsewhere: string): string[] {
  const candidates = new Set([...REACT_INTERNALS, ...ROUTER_INTERNALS]);
  for (const match of code.matchAll(/(?<!\.)\._[A-Za-z][\w$]*/g)) candidates.add(match[0].slice(1));
  return [...candidates]
    .filter(
      (name) => new RegExp(`\\.${literal(name)}(?![\\w$])`).test(code) && !blocked(name, code, elsewhere),
    )
    .sort();
}

/** Whether renaming `name` in `code` could break: read from outside, mentioned `elsewhere`, or quoted. */
function blocked(name: string, code: string, elsewhere: string): boolean {
  if (READ_FROM_OUTSIDE.has(name)) return true;
  if (new RegExp(`(?<![\\w$])${literal(name)}(?![\\w$])`).test(elsewhere)) return true;
  return ["'", '"', "`"].some((quote) => code.includes(`${quote}${name}${quote}`));
}

/**
 * The framework chunk is mostly React DOM, whose code reads and writes a few hundred internal
 * properties with long names (`memoizedState` alone nearly 300 times); TanStack Router's add more.
 * Renamed to one or two letters in that chunk only, after minification, they cost /login about
 * 2.1 KB less gzip (docs/decisions/004-login-bundle-budget.md). Oxc picks new names that no other
 * property in the chunk uses. React DevTools cannot read a production build's component state
 * after this.
 *
 * The names are chosen from the modules' code when the chunk's hash is made, and are part of it:
 * the chunk's file name changes whenever the renaming does, so a cached copy is never stale. The
 * chunks as written are then checked again, and the build stops if one mentions a renamed name.
 */
export function renameFrameworkInternals(chunkName: string): Plugin {
  let names: string[] = [];
  return {
    name: "commons:rename-framework-internals",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    augmentChunkHash(chunk) {
      if (chunk.name !== chunkName) return;
      const inChunk = new Set(chunk.moduleIds);
      const code = chunk.moduleIds.map((id) => chunk.modules[id]?.code ?? "").join("\n");
      const elsewhere = [...this.getModuleIds()]
        .filter((id) => !inChunk.has(id))
        .map((id) => this.getModuleInfo(id)?.code ?? "")
        .join("\n");
      names = renamableProperties(code, elsewhere);
      return names.join(",");
    },
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
      const framework = chunks.find((chunk) => chunk.name === chunkName);
      if (!framework || names.length === 0) return;
      const elsewhere = chunks
        .filter((chunk) => chunk !== framework)
        .map((chunk) => chunk.code)
        .join("\n");
      const unsafe = names.filter((name) => blocked(name, framework.code, elsewhere));
      if (unsafe.length > 0) {
        throw new Error(
          `${framework.fileName}: would rename ${unsafe.join(", ")}, which the built chunks mention`,
        );
      }
      const { code, errors } = await minify(framework.fileName, framework.code, {
        module: true,
        compress: false,
        mangle: false,
        mangleProps: { include: new RegExp(`^(${names.map(literal).join("|")})$`) },
      });
      if (errors.length > 0) {
        throw new Error(`${framework.fileName}: ${errors.map((error) => error.message).join("; ")}`);
      }
      framework.code = code;
    },
  };
}
