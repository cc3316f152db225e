/**
 * The server's budgets `npm run bench:server` prints figures against (issue 29 item 6, docs/decisions/041):
 * a server-rendered home costs at most 10 ms of the portal's CPU (at least 100 homes per second per core),
 * and answers within 100 ms at the 99th percentile at half the load it saturates at.
 */
export const SERVER_BUDGETS = {
  homeCpuMs: 10,
  homeP99HalfLoadMs: 100,
} as const;
