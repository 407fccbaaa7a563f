/** Settings the national-scale generator and its read benchmark share (all overridable by environment). */
export const ADMIN_URL = process.env.SCALE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BIG_DATABASE = process.env.SCALE_DATABASE ?? 'leerzicht_scale';
export const SMALL_DATABASE = process.env.SCALE_SMALL_DATABASE ?? 'leerzicht_scale_small';
/** The server's key: the demo's two-step secret is sealed with it, so generator and benchmark use the same. */
export const JWT_SECRET =
  process.env.SCALE_JWT_SECRET ?? 'bench-secret-that-is-long-enough-for-hs256-signing';

/** The connection string of database `name` on the server of ADMIN_URL. */
export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
