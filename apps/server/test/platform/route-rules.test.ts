import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, endpoints, isRefusedForReadOnly } from '@leerzicht/contract';
import { anySession, publicRoute, registerDeclarationCheck, route } from '../../src/platform/routing/index';
import { api, createTestApp } from '../helpers/app';

const PREFIX = '/api/1.0';

/** A bare app with only the declaration check (no database is needed to register routes). */
function bareApp() {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerDeclarationCheck(app, PREFIX);
  return app;
}

describe('route declarations', () => {
  it('refuses to boot with a write route that declares no write rule, naming the route', async () => {
    const app = bareApp();
    const forgetful = defineEndpoint({ method: 'POST', path: '/forgetful/', response: z.object({}) });
    await expect(
      app.register(
        async (scope) => {
          route(
            scope,
            forgetful,
            { tags: [], access: { auth: 'session', pupilData: 'none' }, policy: anySession },
            () => ({}),
          );
        },
        { prefix: PREFIX },
      ),
    ).rejects.toThrow(/POST \/api\/1\.0\/forgetful\/ changes data but declares no write rule/);
  });

  it('refuses to boot with a public route whose policy is not publicRoute, and a session route whose policy is', async () => {
    const open = defineEndpoint({ method: 'GET', path: '/open/', response: z.object({}) });
    const closed = defineEndpoint({ method: 'GET', path: '/closed/', response: z.object({}) });
    await expect(
      bareApp().register(
        async (scope) => {
          route(
            scope,
            open,
            { tags: [], access: { auth: 'public', pupilData: 'none' }, policy: anySession },
            () => ({}),
          );
        },
        { prefix: PREFIX },
      ),
    ).rejects.toThrow(/Public route GET \/api\/1\.0\/open\/ must declare policy: publicRoute/);
    await expect(
      bareApp().register(
        async (scope) => {
          route(
            scope,
            closed,
            { tags: [], access: { auth: 'session', pupilData: 'none' }, policy: publicRoute },
            () => ({}),
          );
        },
        { prefix: PREFIX },
      ),
    ).rejects.toThrow(/Route GET \/api\/1\.0\/closed\/ needs a session/);
  });

  it('refuses to boot with an API route registered without a declaration', async () => {
    const app = bareApp();
    await expect(
      app.register(
        async (scope) => {
          scope.get('/undeclared/', async () => ({}));
        },
        { prefix: PREFIX },
      ),
    ).rejects.toThrow(/GET \/api\/1\.0\/undeclared\/ declares no access/);
  });

  it('boots the real app, with every endpoint of the contract registered under its declared rule', async () => {
    const t = await createTestApp();
    try {
      for (const group of Object.values(endpoints)) {
        for (const endpoint of Object.values(group)) {
          // Routes are stored without their trailing slash (ignoreTrailingSlash).
          const url = api(endpoint.path).replace(/\/$/, '');
          const found = t.app.hasRoute({ method: endpoint.method, url });
          expect(found, `${endpoint.method} ${endpoint.path}`).toBe(true);
          if (endpoint.method !== 'GET') expect(endpoint.write, endpoint.path).toBeDefined();
        }
      }
    } finally {
      await t.close();
    }
  });

  it('answers 401 to anonymous callers of every session route before looking at their input', async () => {
    const publicPaths = new Set([
      endpoints.auth.login.path,
      endpoints.auth.requestSignInLink.path,
      endpoints.auth.confirmSignInLink.path,
      endpoints.account.requestPasswordReset.path,
      endpoints.account.confirmPasswordReset.path,
      endpoints.account.confirmEmailChange.path,
      endpoints.invitations.byKey.path,
      endpoints.invitations.accept.path,
      endpoints.shell.version.path,
      endpoints.shell.health.path,
      endpoints.shell.reportClientError.path,
    ]);
    const t = await createTestApp();
    try {
      for (const group of Object.values(endpoints)) {
        for (const endpoint of Object.values(group)) {
          if (publicPaths.has(endpoint.path)) continue;
          // Malformed everything: path parameters, query and body.
          const url = api(endpoint.path.replace(/:[A-Za-z]+/g, 'not-a-valid-value')) + '?school_year=x';
          const response = await t.app.inject({
            method: endpoint.method,
            url,
            ...(endpoint.method === 'GET' ? {} : { payload: { junk: ['\u0000'] } }),
          });
          expect(response.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(401);
        }
      }
    } finally {
      await t.close();
    }
  });

  it('refuses reads only when they are declared as writes', () => {
    expect(isRefusedForReadOnly({ method: 'GET' })).toBe(false);
    expect(isRefusedForReadOnly({ method: 'GET', write: 'write' })).toBe(true);
    expect(isRefusedForReadOnly({ method: 'POST', write: 'read-only-allowed' })).toBe(false);
    expect(isRefusedForReadOnly({ method: 'DELETE', write: 'write' })).toBe(true);
    // A write that forgot its rule is refused rather than let through.
    expect(isRefusedForReadOnly({ method: 'PATCH' })).toBe(true);
  });
});
