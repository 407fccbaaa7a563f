import { describe, expect, it } from 'vitest';
import { compareNames, fullName, nameSortKey, sortByName, splitParticle } from './names';

describe('Dutch name sorting', () => {
  it('splits the longest particle off a written surname', () => {
    expect(splitParticle('van der Berg')).toEqual({ prefix: 'van der', lastName: 'Berg' });
    expect(splitParticle('van Dijk')).toEqual({ prefix: 'van', lastName: 'Dijk' });
    // Both apostrophes: the straight one people type and the curly one of word processors.
    expect(splitParticle("in 't Veld")).toEqual({ prefix: "in 't", lastName: 'Veld' });
    expect(splitParticle('in ’t Veld')).toEqual({ prefix: 'in ’t', lastName: 'Veld' });
    expect(splitParticle('Vandenberg')).toEqual({ prefix: '', lastName: 'Vandenberg' });
    expect(splitParticle('ter Horst')).toEqual({ prefix: 'ter', lastName: 'Horst' });
  });

  it('sorts on the word after the particle, then the first name', () => {
    const names = [
      { firstName: 'Jan', lastNamePrefix: 'van', lastName: 'Dijk' },
      { firstName: 'Eva', lastNamePrefix: '', lastName: 'Bakker' },
      { firstName: 'Sem', lastNamePrefix: 'van der', lastName: 'Berg' },
      { firstName: 'Anna', lastNamePrefix: 'de', lastName: 'Vries' },
      { firstName: 'Bram', lastNamePrefix: '', lastName: 'Dekker' },
      { firstName: 'Daan', lastNamePrefix: '', lastName: 'de Boer' },
    ];
    const sorted = [...names].sort(compareNames).map(fullName);
    expect(sorted).toEqual([
      'Eva Bakker',
      'Sem van der Berg',
      'Daan de Boer',
      'Bram Dekker',
      'Jan van Dijk',
      'Anna de Vries',
    ]);
  });

  it('builds the full name with the particle in place', () => {
    expect(fullName({ firstName: 'Sem', lastNamePrefix: 'van der', lastName: 'Berg' })).toBe(
      'Sem van der Berg',
    );
    expect(nameSortKey({ firstName: 'Sem', lastNamePrefix: 'van der', lastName: 'Berg' })).toBe('berg sem');
  });

  it('sorts a list by name once per key, ties by id, and leaves the list as it was', () => {
    const people = [
      { id: 9, firstName: 'Jan', lastNamePrefix: 'van', lastName: 'Dijk' },
      { id: 4, firstName: 'jan', lastNamePrefix: '', lastName: 'Dijk' },
      { id: 2, firstName: 'Eva', lastNamePrefix: '', lastName: 'Bakker' },
      { id: 7, firstName: 'Daan', lastNamePrefix: '', lastName: 'de Boer' },
    ];
    const before = people.map((person) => person.id);
    const expected = [...people].sort((a, b) => compareNames(a, b) || a.id - b.id).map((person) => person.id);
    expect(sortByName(people).map((person) => person.id)).toEqual(expected);
    // "Jan van Dijk" and "jan Dijk" share a key: the lower id comes first.
    expect(expected).toEqual([2, 7, 4, 9]);
    expect(people.map((person) => person.id)).toEqual(before);
  });
});
