/** Dutch surname particles (voorvoegsels); "Jan van Dijk" sorts under D. Longest first so "van der" wins over "van". */
export const NAME_PARTICLES = [
  'van der',
  'van den',
  'van de',
  "van 't",
  'van het',
  'in het',
  'in de',
  'in ’t',
  "in 't",
  'uit de',
  'op de',
  'op den',
  'aan de',
  'bij de',
  'de la',
  'van',
  'von',
  'de',
  'den',
  'der',
  'het',
  "'t",
  'te',
  'ten',
  'ter',
  'la',
  'le',
  'du',
  'el',
] as const;

export interface PersonName {
  firstName: string;
  /** voorvoegsel, e.g. "van der"; empty when none. */
  lastNamePrefix?: string | null;
  lastName: string;
}

/** Splits a surname written with its particle ("van der Berg") into particle and the word it sorts on. */
export function splitParticle(fullLastName: string): { prefix: string; lastName: string } {
  const trimmed = fullLastName.trim();
  const lower = trimmed.toLowerCase();
  for (const particle of NAME_PARTICLES) {
    if (lower.startsWith(particle + ' ')) {
      return {
        prefix: trimmed.slice(0, particle.length),
        lastName: trimmed.slice(particle.length + 1).trim(),
      };
    }
  }
  return { prefix: '', lastName: trimmed };
}

export function fullName(name: PersonName): string {
  return [name.firstName, name.lastNamePrefix, name.lastName]
    .filter((part) => part && part.length > 0)
    .join(' ');
}

/** The key a pupil list sorts on: the surname without particle, then the first name. */
export function nameSortKey(name: PersonName): string {
  // A surname written with its particle ("van Dijk") is split here; one stored apart needs no split.
  const lastName = name.lastNamePrefix ? name.lastName : splitParticle(name.lastName).lastName;
  return `${lastName} ${name.firstName}`.toLocaleLowerCase('nl');
}

const collator = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

export function compareNames(a: PersonName, b: PersonName): number {
  return collator.compare(nameSortKey(a), nameSortKey(b));
}

/**
 * A copy of `items` in name order, ties by id: each name's key is built once, not in every comparison (a group
 * of 30 pupils would otherwise lower-case about 300 names per sort).
 */
export function sortByName<T extends PersonName & { id: number }>(items: readonly T[]): T[] {
  return items
    .map((item) => ({ item, key: nameSortKey(item) }))
    .sort((a, b) => collator.compare(a.key, b.key) || a.item.id - b.item.id)
    .map(({ item }) => item);
}
