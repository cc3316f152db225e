import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The built app is served by the sandbox server (sandbox/main.ts), which adds the strict CSP.
// `npm run dev` proxies the back-end paths to a running sandbox on SANDBOX_URL.
const sandbox = process.env.SANDBOX_URL ?? 'http://localhost:5173';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The bench reads which chunks /home needs from the manifest.
    manifest: true,
    // Under a strict CSP nothing may be inlined as a data: script.
    assetsInlineLimit: 0,
  },
  server: {
    port: 5174,
    proxy: { '/Orch': sandbox, '/preauth': sandbox, '/sandbox': sandbox, '/rules': sandbox },
  },
});
