import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicCode, source } from '../test/public-code';
import nl from './nl.json';
import { isPublicMessage } from './public-messages';

describe('public messages', () => {
  const { files, ids } = publicCode(new Set(Object.keys(nl)));

  it('hold every message the pages outside the signed-in frame name', () => {
    expect(files).toContain('features/auth/components/login-form.tsx');
    expect(files).toContain('app/errors/unexpected-error-view.tsx');
    expect(ids.get('login.submit')).toBe('features/auth/components/login-form.tsx');
    const missing = [...ids].filter(([id]) => !isPublicMessage(id)).map(([id, file]) => `${id} (${file})`);
    expect(missing).toEqual([]);
  });

  it('are named whole in that code: no message id is put together from parts', () => {
    const joined = files.filter((file) =>
      /(?:id:|id=\{?)\s*`[^`]*\$\{/.test(readFileSync(path.join(source, file), 'utf8')),
    );
    expect(joined).toEqual([]);
  });

  it('are a small part of the catalogue', () => {
    const keys = Object.keys(nl);
    const publicKeys = keys.filter(isPublicMessage);
    expect(publicKeys.length).toBeGreaterThan(0);
    expect(publicKeys.length).toBeLessThan(keys.length / 4);
  });
});
