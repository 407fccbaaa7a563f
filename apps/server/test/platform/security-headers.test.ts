import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, authed, createTestApp, loginToken, type TestApp } from '../helpers/app';
import { TEST_PASSWORD, addMember, createSchool, createUser } from '../helpers/factories';

/** What every answer must carry: helmet's defaults with the web app's Content-Security-Policy. */
const EXPECTED = {
  'content-security-policy': [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' https: data:",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "img-src 'self' data: blob:",
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    'upgrade-insecure-requests',
  ].join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const ASSET = '/assets/index-Sec123ab.js';

describe('security headers on every answer', () => {
  let t: TestApp;
  let dist: string;
  let token: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'leerzicht-headers-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Leerzicht</title>');
    writeFileSync(path.join(dist, ASSET.slice(1)), 'export const x = 1;\n');
    t = await createTestApp({ env: { WEB_DIST: dist } });
    const school = await createSchool(t.database.db);
    const user = await createUser(t.database.db);
    await addMember(t.database.db, school.id, user.id);
    token = await loginToken(t.app, user.username, TEST_PASSWORD);
  });

  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const cases: [string, number, () => InjectOptions][] = [
    ['a public API answer', 200, () => ({ method: 'GET', url: api('/version/') })],
    ['a signed-in API answer', 200, () => authed(token, { method: 'GET', url: api('/profile/') })],
    ['the 401 of the access check', 401, () => ({ method: 'GET', url: api('/profile/') })],
    ['an unknown API path', 404, () => ({ method: 'GET', url: api('/no-such-thing/') })],
    ['bad input', 400, () => ({ method: 'POST', url: api('/login/'), payload: { username: 1 } })],
    ['the app page', 200, () => ({ method: 'GET', url: '/' })],
    ['a client route answered with the app page', 200, () => ({ method: 'GET', url: '/groepen/12' })],
    ['a built file', 200, () => ({ method: 'GET', url: ASSET })],
    ['a missing built file', 404, () => ({ method: 'GET', url: '/assets/missing-0000.js' })],
  ];

  it.each(cases)('%s (%i)', async (_name, status, request) => {
    const response = await t.app.inject(request());
    expect(response.statusCode).toBe(status);
    for (const [name, value] of Object.entries(EXPECTED)) {
      expect(response.headers[name], name).toBe(value);
    }
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
