/** Defined by vite.server.config.ts in the server's build: what the portal's code reads (sandbox/studio.ts). */
declare const __PORTAL_CHECK_CONTEXT__: import('../src/engine/check').CheckContext | undefined;
