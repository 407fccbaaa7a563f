import { describe, expect, it } from 'vitest';
import en from './en.json';
import nl from './nl.json';

describe('message catalogues', () => {
  it('have the same keys in Dutch and English', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(nl).sort());
  });

  it('have no empty messages', () => {
    for (const catalogue of [nl, en]) {
      for (const [key, message] of Object.entries(catalogue)) {
        expect(message.trim(), key).not.toBe('');
      }
    }
  });
});
