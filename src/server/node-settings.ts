// How the server's Node process is started (decision 045): the Dockerfile's CMD and ENV, `npm
// start` and the processes of the test and bench harness (src/server/test/child-server.ts) use
// these, so the memory the scale bench measures is the memory production runs with
// (deploy.int.test.ts checks the Dockerfile against them).

/**
 * V8's young generation, at most 32 MiB per semi-space. Unset, Node 24 sizes it from the
 * machine's memory (64 MiB per semi-space on a machine with 24 GiB), and a busy process keeps
 * both semi-spaces of short-lived garbage resident: 128 MiB per process (decision 045). At 16 MiB,
 * what a request holds across a few hundred milliseconds (a mail's SMTP conversation, a query
 * waiting for a connection) outlived two scavenges and was promoted, and the full collections
 * that followed, one every 15-30 s a process, made the slowest seconds of the scale bench
 * (decision 048); 32 MiB halves how often a scavenge comes.
 */
export const serverNodeFlags: readonly string[] = ["--max-semi-space-size=32"];

/**
 * glibc malloc's settings for the server. By default every thread that allocates gets an arena of
 * its own (up to eight per core): compression on libuv's threads and V8's compiler and collector
 * threads each kept tens of MiB that were free but never returned. Two arenas are enough for one
 * event loop. A fixed mmap threshold keeps blocks of 128 KiB and more out of the arenas (freed,
 * they go back to the system at once), where glibc's default raises the threshold after the first
 * large block is freed and from then on keeps such blocks, fragmenting the heap.
 */
export const serverMallocEnvironment: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
};
