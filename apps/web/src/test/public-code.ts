import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The code of the pages outside the signed-in frame, read from the sources: what they may need is loaded before
 * sign-in in parts of its own (public messages, public styles).
 */

export const source = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The pages shown without the signed-in frame, and the start-up code around every page. */
const PUBLIC_ENTRIES = [
  'main.tsx',
  'features/auth/pages/login-page.tsx',
  'features/auth/pages/sign-in-link-page.tsx',
  'features/invitations/pages/accept-invitation-page.tsx',
  'features/account/pages/email-confirm-page.tsx',
  'features/password-reset/pages/password-reset-request-page.tsx',
  'features/password-reset/pages/password-reset-confirm-page.tsx',
];
/**
 * Not followed: the routes' lazy pages (the public ones are entries above) and the error views' support dialog,
 * shown only within a school, where the signed-in frame has loaded the whole catalogue and all styles.
 */
const NOT_FOLLOWED = ['app/errors/school-feedback.tsx'];
const ROUTE_TABLES = ['app/routes.tsx', 'app/school-routes.tsx'];

function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return ['.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((extension) => base + extension)
    .find((file) => existsSync(file));
}

/**
 * Every source file the entries import, statically or lazily, and the message ids (`messageIds`) they name, each
 * with the first file that names it.
 */
export function publicCode(messageIds: Set<string>): { files: string[]; ids: Map<string, string> } {
  const seen = new Set<string>();
  const ids = new Map<string, string>();
  const queue = PUBLIC_ENTRIES.map((entry) => path.join(source, entry));
  while (queue.length > 0) {
    const file = queue.pop();
    if (!file || seen.has(file)) continue;
    seen.add(file);
    const relative = path.relative(source, file);
    const code = readFileSync(file, 'utf8');
    const routeTable = ROUTE_TABLES.includes(relative);
    for (const [, kind, specifier] of code.matchAll(/(from\s*|import\s*\(\s*)'(\.[^']+)'/g)) {
      const target = specifier ? resolveImport(file, specifier) : undefined;
      if (!target || NOT_FOLLOWED.includes(path.relative(source, target))) continue;
      if (routeTable && kind?.startsWith('import')) continue;
      queue.push(target);
    }
    for (const [, id] of code.matchAll(/['"`]([\w.]+)['"`]/g)) {
      if (id && messageIds.has(id) && !ids.has(id)) ids.set(id, relative);
    }
  }
  return { files: [...seen].map((file) => path.relative(source, file)), ids };
}
