/**
 * The portal server's entry (`npm run serve`, dist/server/main.js): production code whatever the caller's
 * environment. React and the other libraries pick their production build from NODE_ENV when they are first
 * loaded, so it is set here, before anything else is imported; serve.ts is the server itself.
 */
process.env.NODE_ENV = 'production';
export {};
await import('./serve');
