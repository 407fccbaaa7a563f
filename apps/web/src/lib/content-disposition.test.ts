import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './content-disposition';

describe('fileNameFromDisposition', () => {
  it.each([
    ['attachment; filename="rapport-sara-de-vries.pdf"', 'rapport-sara-de-vries.pdf'],
    ['attachment; filename=groepsplan-8a-rekenen.pdf', 'groepsplan-8a-rekenen.pdf'],
    ["attachment; filename*=UTF-8''scherm%20%C3%A9%C3%A9n.png", 'scherm één.png'],
    ["attachment; filename*=utf-8''%E2%82%AC.txt", '€.txt'],
    ["attachment; filename*=iso-8859-1'nl'caf%E9.txt", 'café.txt'],
    ['attachment; filename="a \\"quoted\\" name.pdf"', 'a "quoted" name.pdf'],
    ['ATTACHMENT; FILENAME="upper.pdf"', 'upper.pdf'],
  ])('reads %s', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });

  it('takes filename* over filename, whichever comes first', () => {
    expect(fileNameFromDisposition(`attachment; filename="plain.pdf"; filename*=UTF-8''%C3%A9.pdf`)).toBe(
      'é.pdf',
    );
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%C3%A9.pdf; filename="plain.pdf"`)).toBe(
      'é.pdf',
    );
  });

  it('falls back to filename when filename* cannot be read', () => {
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E2%82; filename="plain.pdf"`)).toBe(
      'plain.pdf',
    );
    expect(fileNameFromDisposition(`attachment; filename*=koi8-r''abc; filename="plain.pdf"`)).toBe(
      'plain.pdf',
    );
  });

  it('keeps only the last part of a path and drops control characters', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''..%5Cwin%5Cx.exe`)).toBe('x.exe');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''a%0Ab.txt`)).toBe('ab.txt');
  });

  it('gives null without a usable name', () => {
    for (const header of [
      null,
      '',
      'attachment',
      'inline',
      'attachment; filename=""',
      'attachment; filename="../"',
    ])
      expect(fileNameFromDisposition(header)).toBeNull();
  });
});
