import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

/** Long-lived libraries go into their own chunks so an app release does not re-download them. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
  if (id.includes('/node_modules/@mantine/')) return 'mantine';
  if (/\/node_modules\/(react-intl|@formatjs|intl-messageformat)\//.test(id)) return 'intl';
  return 'vendor';
}

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; harmless, and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/zod/')) return;
        warn(warning);
      },
    },
  },
});
