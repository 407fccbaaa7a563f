// The production build of the server: src/main.ts bundled with the workspace contract inlined into
// dist/main.js (ESM, Node 20); every package of node_modules stays external. dist/ sits beside src/, so what is
// resolved from the source file's folder (the repository root in config.ts) is found the same way; the
// migrations (db/client.ts: `<folder of the file>/migrations`) are copied next to the bundle.
//
//   node scripts/build.mjs                    # into apps/server/dist
//   node scripts/build.mjs --outdir <folder>  # elsewhere (a test's own build); node_modules must be found from
//                                             # there, and the repository root is then not found by default
import { cp, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({ options: { outdir: { type: 'string' } } });
const dist = args.outdir ? path.resolve(args.outdir) : path.join(serverRoot, 'dist');
const pkg = JSON.parse(await readFile(path.join(serverRoot, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !name.startsWith('@leerzicht/'))
  .flatMap((name) => [name, `${name}/*`]);

// Written beside and renamed into place: a server starting from dist/ meanwhile never reads half a file.
await mkdir(dist, { recursive: true });
const result = await build({
  entryPoints: [path.join(serverRoot, 'src/main.ts')],
  outfile: path.join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  tsconfig: path.join(serverRoot, 'tsconfig.json'),
  logLevel: 'warning',
  write: false,
});
for (const file of result.outputFiles) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  await writeFile(temporary, file.contents);
  await rename(temporary, file.path);
}
await cp(path.join(serverRoot, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(`server built: ${path.relative(process.cwd(), path.join(dist, 'main.js'))}`);
