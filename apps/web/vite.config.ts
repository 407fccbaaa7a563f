import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { isPublicMessage } from './src/i18n/public-messages.js';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * React, React Router and react-intl go into chunks of their own, so an app release does not re-download them:
 * every page needs all of them at start-up. Everything else is left to the bundler, which puts a library's code
 * with the pages that use it (Mantine's components, zod, TanStack Query, dnd-kit, qrcode, Recharts): a named
 * chunk for those would be loaded by the login page as soon as any of it were needed there.
 */
function startupChunk(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
  if (/\/node_modules\/(react-intl|@formatjs|intl-messageformat)\//.test(id)) return 'intl';
  return undefined;
}

/**
 * The message catalogues (src/i18n/nl.json, en.json) are imported in two parts, `?scope=public` (the messages of
 * the pages outside the signed-in frame, src/i18n/public-messages.ts) and `?scope=app` (the rest), each a chunk of
 * its own: the login page loads only the first. In the build they arrive already parsed (ICU syntax trees), so the
 * app ships react-intl without its message parser (the alias below): about half of react-intl's code. Tests and
 * the dev server keep plain messages and the parser (tests load the whole catalogue for either part).
 */
export function messageCatalogues(command: 'build' | 'serve'): Plugin {
  const part = /\/src\/i18n\/[a-z]{2}\.json\?scope=(public|app)$/;
  return {
    name: 'leerzicht-message-catalogues',
    enforce: 'pre',
    load(id) {
      const scope = part.exec(id)?.[1];
      if (!scope) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const chosen = Object.entries(messages).filter(
        ([key]) => isPublicMessage(key) === (scope === 'public'),
      );
      const code = JSON.stringify(
        Object.fromEntries(
          command === 'build'
            ? chosen.map(([key, message]) => [key, parse(message, { shouldParseSkeletons: true })])
            : chosen,
        ),
      );
      return { code, moduleType: 'json' };
    },
  };
}

/** The chunk of a catalogue part is named for its language and part (nl-public-[hash].js, nl-app-[hash].js). */
function chunkFileName(chunk: { facadeModuleId: string | null }): string {
  const scope = /\?scope=(public|app)$/.exec(chunk.facadeModuleId ?? '')?.[1];
  return scope ? `assets/[name]-${scope}-[hash].js` : 'assets/[name]-[hash].js';
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

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build; the server sends the one
 * the browser accepts (@fastify/static, preCompressed). Done once here at the strongest settings, not per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : [full];
    });
  return {
    name: 'leerzicht-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!compressible.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), messageCatalogues(command), buildVersion(), precompress()],
  resolve: {
    alias:
      command === 'build'
        ? [
            // Messages arrive parsed (messageCatalogues); React Router's build without its development
            // warnings (its package points every bundler at the development build).
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
            { find: /^react-router$/, replacement: reactRouterProduction },
          ]
        : [],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps are not part of a release (the server never serves them); WEB_SOURCEMAP=true writes them
    // without a reference in the bundles, for an error tracker.
    sourcemap: process.env.WEB_SOURCEMAP === 'true' ? 'hidden' : false,
    rollupOptions: {
      output: { manualChunks: startupChunk, chunkFileNames: chunkFileName },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; harmless, and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/zod/')) return;
        warn(warning);
      },
    },
  },
}));
