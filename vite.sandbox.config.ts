/**
 * The sandbox's build (docs/decisions/040): sandbox/main.ts (the stand-in Orch, sign-in and identity
 * provider, a process of its own) and sandbox/start.ts (`npm start`'s launcher of the sandbox and the portal)
 * bundled into dist/sandbox/ for `node`. Packages stay imports; the sandbox needs the development install
 * (oidc-provider), which a production release does not have and does not need.
 */
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'dist/sandbox',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      input: { main: 'sandbox/main.ts', start: 'sandbox/start.ts' },
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
