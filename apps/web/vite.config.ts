import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

/** Long-lived libraries go into their own chunks so an app release does not re-download them. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
  if (id.includes('/node_modules/@mantine/')) return 'mantine';
  // Recharts and its own dependencies: left to the bundler, they go into the lazily loaded chart chunk (a named
  // chunk here would receive the bundler's runtime helpers and be loaded at start-up).
  if (
    /\/node_modules\/(recharts|@reduxjs|redux|redux-thunk|react-redux|immer|reselect|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant|victory-vendor|d3-[a-z-]+|internmap)\//.test(
      id,
    )
  )
    return undefined;
  if (/\/node_modules\/(react-intl|@formatjs|intl-messageformat)\//.test(id)) return 'intl';
  return 'vendor';
}

/**
 * Writes dist/version.json with this build's id; the server reads it as its build version, and the app
 * reloads on the next navigation once the version it polls changes (spec section 4).
 */
function buildVersion(): Plugin {
  const version = process.env.BUILD_VERSION ?? `${new Date().toISOString().replace(/[-:.TZ]/g, '')}`;
  return {
    name: 'leerzicht-build-version',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version }) });
    },
  };
}

export default defineConfig({
  plugins: [react(), buildVersion()],
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
