/**
 * Node/V8 flags the console starts with. V8 reads them when the heap is set up, so the start scripts pass
 * them on the command line (package.json's and packages/server's `start`; node-flags.test.ts holds them to
 * this list) and the bench's console child starts with them too.
 *
 * A young generation of 64 MiB per half instead of Node's 16: during a job on every device, a step's
 * objects live about a second, and with the smaller young generation most of them survived two scavenges and
 * were promoted, to be marked and compacted later. At 10,000 devices the larger one made a profile rollout's
 * seconds spend 55-70 ms collecting instead of 85-157, with inventory/list p99 during it 30-36 ms instead of
 * 41-90 (bench/README.md), for about 100 MiB more resident memory.
 */
export const CONSOLE_NODE_FLAGS = ['--max-semi-space-size=64'] as const;
