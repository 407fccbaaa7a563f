import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../helpers/app';

const DOCS = ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml'];
const documentSchema = z.object({ paths: z.record(z.string(), z.unknown()) });

describe('API_DOCS: the OpenAPI UI and document are public only when the setting says so', () => {
  it('defaults to on, except in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).API_DOCS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'false' }).API_DOCS).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'maybe' })).toThrow(/API_DOCS/);
  });

  describe('off', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ env: { API_DOCS: 'false' } });
    });

    afterAll(() => t.close());

    it('answers 404 for the UI and the document', async () => {
      for (const url of DOCS) {
        const response = await t.app.inject({ method: 'GET', url });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
        expect(response.body).not.toContain('openapi');
      }
    });

    it('still generates the document inside the app', () => {
      const document = documentSchema.parse(t.app.swagger());
      expect(Object.keys(document.paths)).toContain('/api/1.0/login/');
    });
  });

  describe('on', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ env: { API_DOCS: 'true' } });
    });

    afterAll(() => t.close());

    it('serves the UI and the document', async () => {
      for (const url of DOCS) {
        const response = await t.app.inject({ method: 'GET', url });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      }
      const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(Object.keys(documentSchema.parse(json.json()).paths)).toContain('/api/1.0/login/');
    });
  });
});
