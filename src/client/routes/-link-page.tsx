import {
  type EnsureQueryDataOptions,
  type QueryClient,
  QueryClientProvider,
  type QueryKey,
  type UseSuspenseQueryOptions,
  useSuspenseQuery,
} from "@tanstack/react-query";
import { Link, notFound } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { AppHeaderLayout } from "#client/components/layout/app-header-layout.tsx";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { buttonVariants } from "#client/components/ui/button.tsx";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import type { RouterContext } from "#client/router-context.ts";

// The pages behind a token mailed to someone (/r/…, /invitation/…, /unsubscribe/…): public, since
// the token is the authority, and a token the server does not know is Not Found, whether the server
// answers null or NOT_FOUND.

/** The route's loader: the link's data in the cache before the page shows, or Not Found. */
export async function loadLinkPage<TData, TKey extends QueryKey>(
  context: RouterContext,
  options: EnsureQueryDataOptions<TData, Error, TData, TKey>,
) {
  const queryClient = await context.loadQueryClient();
  let data: TData;
  try {
    data = await queryClient.ensureQueryData(options);
  } catch (error) {
    if (error instanceof GraphQLRequestError && error.code === "NOT_FOUND") throw notFound();
    throw error;
  }
  if (data == null) throw notFound();
  return { queryClient };
}

/** The link's data the loader put in the cache (Not Found once it is gone). */
export function useLinkData<TData, TKey extends QueryKey>(
  options: UseSuspenseQueryOptions<TData, Error, TData, TKey>,
): NonNullable<TData> {
  const { data } = useSuspenseQuery(options);
  if (data == null) throw notFound();
  return data;
}

/** The page around a link's screen; public routes do not load TanStack Query on their own. */
export function LinkPageLayout({
  queryClient,
  end,
  children,
}: {
  queryClient: QueryClient;
  end?: ReactNode;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppHeaderLayout end={end}>{children}</AppHeaderLayout>
    </QueryClientProvider>
  );
}

/** What a link the server does not know shows: what went wrong, what to do, and maybe sign-in. */
export function BrokenLinkPage({
  heading,
  hint,
  offerSignIn = false,
}: {
  heading: string;
  hint: string;
  offerSignIn?: boolean;
}) {
  return (
    <AppHeaderLayout>
      <div className={pageWidth("narrow", "grid gap-4 py-16 text-center")}>
        <title>Link not recognized · Commons</title>
        <meta name="referrer" content="no-referrer" />
        <h1 className="text-2xl font-semibold tracking-tight">{heading}</h1>
        <p className="text-sm text-muted-foreground">{hint}</p>
        {offerSignIn ? (
          <Link to="/login" className={`${buttonVariants({ variant: "outline" })} mx-auto w-fit`}>
            Sign in
          </Link>
        ) : null}
      </div>
    </AppHeaderLayout>
  );
}
