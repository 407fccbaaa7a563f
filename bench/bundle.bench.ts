/**
 * What each page loads from the built web app (apps/web/dist) before it can show itself, read from the files
 * themselves: index.html's entry script, module preloads and style sheets, every static import of those
 * scripts (followed through the chunks), and for each route the chunks it imports lazily at first render
 * (the page; the signed-in frame, shell and query scope; the active language's public messages, and on signed-in
 * pages the rest of them) with their static imports and the files their dynamic import preloads
 * (`__vite__mapDeps`: scripts and style sheets). What a route loads only after it has shown (the update checks,
 * the login's sending code and the signed-in pages' messages once the user types, the charts) is reported on a
 * line of its own.
 * Prints raw, gzip (level 9) and brotli (quality 11) bytes of JavaScript and CSS per route, the largest files
 * of the login route, and whether the login route's JavaScript meets the budget (170 KB gzip; exit code 1
 * when it does not).
 * Build the web app first (`npm run build -w @leerzicht/web`). Run: `npm run bench:bundle`.
 * BUNDLE_DIST: another build directory; BUNDLE_LANGUAGE: the catalogue counted (default nl).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.env.BUNDLE_DIST ?? path.join(root, 'apps/web/dist'));
const LANGUAGE = process.env.BUNDLE_LANGUAGE ?? 'nl';
const LOGIN_BUDGET_GZIP = 170 * 1024;

interface Route {
  name: string;
  path: string;
  /** Source modules (file names without extension) the route imports lazily before it shows. */
  lazy: string[];
  /**
   * Imported lazily after the page has shown: once a part of it renders, or (login) once the user starts typing
   * (reported beside the first load).
   */
  onRender?: string[];
}

const PUBLIC_MESSAGES = `${LANGUAGE}-public`;
const SIGNED_IN = ['query-scope', 'session-layout', 'app-shell', PUBLIC_MESSAGES, `${LANGUAGE}-app`];
const ROUTES: Route[] = [
  {
    name: 'login',
    path: '/auth/login',
    lazy: ['login-page', PUBLIC_MESSAGES],
    onRender: ['update-checks', 'submit-login', `${LANGUAGE}-app`],
  },
  {
    name: 'school results',
    path: '/app/schools/:schoolId',
    lazy: [...SIGNED_IN, 'school-results-page'],
    onRender: ['update-checks', 'results-chart'],
  },
  {
    name: 'group results',
    path: '/app/schools/:schoolId/groups/:yearclassId/results',
    lazy: [...SIGNED_IN, 'group-results-page'],
    onRender: ['update-checks', 'results-chart'],
  },
];

/** A built file's path relative to dist, as the bundles name it ("assets/x-hash.js"). */
type FileId = string;

const contents = new Map<FileId, Buffer>();
function read(file: FileId): Buffer {
  let content = contents.get(file);
  if (!content) {
    content = readFileSync(path.join(dist, file));
    contents.set(file, content);
  }
  return content;
}

const resolveFrom = (from: FileId, specifier: string): FileId =>
  specifier.startsWith('/')
    ? specifier.slice(1)
    : path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));

/** Static `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"` of a built script. */
function staticImports(file: FileId): FileId[] {
  const code = read(file).toString('utf8');
  const found = new Set<FileId>();
  const pattern =
    /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) found.add(resolveFrom(file, match[1]!));
  return [...found];
}

/**
 * The files each dynamic import preloads, from every script's `__vite__mapDeps` table:
 * `import("./x.js"), __vite__mapDeps([i, j, …])` with `m.f = ["assets/…", …]`.
 */
function dynamicImportDependencies(scripts: FileId[]): Map<FileId, Set<FileId>> {
  const dependencies = new Map<FileId, Set<FileId>>();
  for (const file of scripts) {
    const code = read(file).toString('utf8');
    const table = /m\.f=(\[[^\]]*\])/.exec(code);
    const names = table ? (JSON.parse(table[1]!) as string[]) : [];
    const calls = /import\(\s*[`"'](\.{1,2}\/[^`"']+\.js)[`"']\s*\)\s*,\s*__vite__mapDeps\(\[([\d,\s]*)\]\)/g;
    for (const match of code.matchAll(calls)) {
      const target = resolveFrom(file, match[1]!);
      const set = dependencies.get(target) ?? new Set<FileId>();
      for (const index of match[2]!.split(',').filter(Boolean)) {
        const name = names[Number(index)];
        if (name) set.add(name.replace(/^\//, ''));
      }
      dependencies.set(target, set);
    }
  }
  return dependencies;
}

/** The files (scripts and style sheets) index.html loads itself. */
function htmlFiles(): FileId[] {
  const html = read('index.html').toString('utf8');
  const urls = new Set<FileId>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g))
    urls.add(resolveFrom('index.html', match[1]!));
  for (const match of html.matchAll(/<link[^>]*\srel="(?:modulepreload|stylesheet)"[^>]*>/g)) {
    const href = /\shref="([^"]+)"/.exec(match[0]);
    if (href) urls.add(resolveFrom('index.html', href[1]!));
  }
  return [...urls];
}

function withStaticImports(start: Iterable<FileId>, into = new Set<FileId>()): Set<FileId> {
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (into.has(file)) continue;
    into.add(file);
    if (file.endsWith('.js')) queue.push(...staticImports(file));
  }
  return into;
}

interface Sizes {
  raw: number;
  gzip: number;
  br: number;
}
const sizeCache = new Map<FileId, Sizes>();
function sizes(file: FileId): Sizes {
  let result = sizeCache.get(file);
  if (!result) {
    const content = read(file);
    result = {
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      br: brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }).length,
    };
    sizeCache.set(file, result);
  }
  return result;
}

function total(files: Iterable<FileId>): Sizes {
  const sum: Sizes = { raw: 0, gzip: 0, br: 0 };
  for (const file of files) {
    const { raw, gzip, br } = sizes(file);
    sum.raw += raw;
    sum.gzip += gzip;
    sum.br += br;
  }
  return sum;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(10);
const row = (label: string, files: FileId[]) => {
  const { raw, gzip, br } = total(files);
  return `  ${label.padEnd(30)}${String(files.length).padStart(4)} files${kb(raw)} raw${kb(gzip)} gzip${kb(br)} br`;
};

function main(): void {
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`${dist}/index.html is missing: run \`npm run build -w @leerzicht/web\` first`);
  }
  const scripts = readdirSync(path.join(dist, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`);
  const preloads = dynamicImportDependencies(scripts);
  /** The chunk Vite made for a lazily imported source module: its file name plus an 8-character hash. */
  const chunkOf = (module: string): FileId | undefined => {
    const pattern = new RegExp(`^assets/${module.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[\\w-]{8}\\.js$`);
    return scripts.find((file) => pattern.test(file));
  };
  const load = (modules: string[], into: Set<FileId>): string[] => {
    const missing: string[] = [];
    for (const module of modules) {
      const chunk = chunkOf(module);
      if (!chunk) {
        missing.push(module);
        continue;
      }
      withStaticImports([chunk, ...(preloads.get(chunk) ?? [])], into);
    }
    return missing;
  };

  const initial = withStaticImports(htmlFiles());
  console.log(`web build in ${path.relative(root, dist) || dist}`);
  console.log(`index.html alone (entry, module preloads, style sheets and their static imports)`);
  const initialScripts = [...initial].filter((file) => file.endsWith('.js'));
  const initialStyles = [...initial].filter((file) => file.endsWith('.css'));
  console.log(row('JavaScript', initialScripts));
  console.log(row('CSS', initialStyles));

  let loginScriptsGzip = 0;
  let loginFiles: FileId[] = [];
  for (const route of ROUTES) {
    const files = new Set(initial);
    const missing = load(route.lazy, files);
    const routeScripts = [...files].filter((file) => file.endsWith('.js'));
    const routeStyles = [...files].filter((file) => file.endsWith('.css'));
    console.log(`\n${route.name} (${route.path}), first load`);
    if (missing.length > 0) {
      console.log(`  (no chunk of their own, so in a chunk counted already: ${missing.join(', ')})`);
    }
    console.log(row('JavaScript', routeScripts));
    console.log(row('CSS', routeStyles));
    console.log(row('together', [...files]));
    if (route.onRender) {
      const rendered = new Set(files);
      const notSplit = load(route.onRender, rendered);
      const added = [...rendered].filter((file) => !files.has(file));
      console.log(row(`+ ${route.onRender.join(', ')} (on render)`, added));
      if (notSplit.length > 0) console.log(`  (not a chunk of their own: ${notSplit.join(', ')})`);
    }
    if (route.name === 'login') {
      loginScriptsGzip = total(routeScripts).gzip;
      loginFiles = [...files];
    }
  }

  console.log('\nlogin route, largest files (gzip)');
  for (const file of loginFiles
    .sort((a, b) => sizes(b).gzip - sizes(a).gzip)
    .slice(0, Number(process.env.BUNDLE_TOP ?? 12))) {
    console.log(
      `  ${path.posix.basename(file).padEnd(40)}${kb(sizes(file).raw)} raw${kb(sizes(file).gzip)} gzip`,
    );
  }
  const met = loginScriptsGzip <= LOGIN_BUDGET_GZIP;
  console.log(
    `\nlogin route JavaScript ${kb(loginScriptsGzip).trim()} gzip; budget ${kb(LOGIN_BUDGET_GZIP).trim()}: ${met ? 'met' : 'NOT met'}`,
  );
  if (!met) process.exitCode = 1;
}

main();
