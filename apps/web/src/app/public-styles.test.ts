import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicCode, source } from '../test/public-code';

const mantineStyles = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')),
  'styles',
);

describe('public styles', () => {
  it('hold the style sheet of every Mantine component the pages outside the signed-in frame use', () => {
    const { files } = publicCode(new Set());
    const components = new Set<string>();
    for (const file of files) {
      const code = readFileSync(path.join(source, file), 'utf8');
      for (const [, names] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
        for (const name of names?.split(',') ?? []) {
          const component = name.trim();
          if (/^[A-Z]\w*$/.test(component)) components.add(component);
        }
      }
    }
    expect(components).toContain('PasswordInput');
    const imported = readFileSync(path.join(source, 'app/public-styles.ts'), 'utf8');
    const missing = [...components].filter(
      (component) =>
        existsSync(path.join(mantineStyles, `${component}.css`)) &&
        !imported.includes(`'@mantine/core/styles/${component}.css'`),
    );
    expect(missing).toEqual([]);
  });
});
