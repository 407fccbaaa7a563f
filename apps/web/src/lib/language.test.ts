import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './language';
import { STORAGE_KEYS } from './storage';

describe('resolveLanguage', () => {
  it('defaults to Dutch', () => {
    expect(resolveLanguage('')).toBe('nl');
  });

  it('switches with ?lang= and remembers the choice', () => {
    expect(resolveLanguage('?lang=en')).toBe('en');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(resolveLanguage('')).toBe('en');
    expect(resolveLanguage('?lang=nl')).toBe('nl');
  });

  it('ignores unknown languages', () => {
    expect(resolveLanguage('?lang=de')).toBe('nl');
  });
});
