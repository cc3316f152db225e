/**
 * The flags node runs the portal server with, wherever it is started: `npm run serve` (package.json, checked
 * against this list by test/server/node-flags.test.ts), `npm start` (sandbox/start.ts forks it), the bench
 * and the rehearsal. V8 reads its heap's sizes when the process starts, so they cannot be set from inside.
 *
 * - `--enable-source-maps`: a logged error's stack names the sources, not the bundle.
 * - `--max-semi-space-size=32`: a young generation of 32 MB per semi-space instead of Node 20's 16. A
 *   server-rendered home allocates about 1.3 MB, so the default scavenged every ten homes or so, each time
 *   copying the pages still under way and promoting what survived two of them; twice the space halves the
 *   scavenges and what they promote. Measured on one core, two portals interleaved, ten rounds of 300 homes:
 *   10.9 against 12.2 ms of CPU per home (medians; eight rounds of ten in its favour), for up to 48 MB more
 *   of the heap's reserve (docs/decisions/046, third part).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--enable-source-maps', '--max-semi-space-size=32'];
