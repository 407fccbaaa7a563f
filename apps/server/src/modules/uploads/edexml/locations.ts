import type { UploadLocation } from '@leerzicht/contract';
import type { LocationRow } from './group-rows';
import type { StoredLocation, StoredPupil } from './repository';

/*
 * The vestigingen (locations) of an EDEXML file against the school's stored ones (docs/uploads/edexml.md). The app
 * keeps one school per BRIN; a file names the vestigingen its pupils are at. Pupils at a stored vestiging the file
 * does not name are not the file's to judge: they are not marked as left, and the preview counts them.
 */

export interface LocationPlan {
  added: { key: string; name: string }[];
  renamed: { id: number; name: string }[];
  /** The stored key of a location id (pupils' and groups' stored vestiging). */
  keyOf: (id: number | null) => string | null;
  /** Whether a stored pupil's vestiging is one the file does not name (such pupils are left alone). */
  elsewhere: (pupil: Pick<StoredPupil, 'locationId'>) => boolean;
  /** The preview's list, given the pupils the file imports and the stored pupils present in the school year. */
  summary: (
    imported: { locationKey: string | undefined }[],
    present: Pick<StoredPupil, 'locationId'>[],
  ) => UploadLocation[];
}

export function planLocations(file: Map<string, LocationRow>, stored: StoredLocation[]): LocationPlan {
  const storedByKey = new Map(stored.map((location) => [location.externalKey, location]));
  const keyById = new Map(stored.map((location) => [location.id, location.externalKey]));
  const added = [...file.values()].filter((location) => !storedByKey.has(location.key));
  const renamed = [...file.values()].flatMap((location) => {
    const known = storedByKey.get(location.key);
    return known && known.name !== location.name ? [{ id: known.id, name: location.name }] : [];
  });
  const keyOf = (id: number | null) => (id === null ? null : (keyById.get(id) ?? null));
  const elsewhere = (pupil: Pick<StoredPupil, 'locationId'>) => {
    const key = keyOf(pupil.locationId);
    return key !== null && !file.has(key);
  };
  return {
    added: added.map((location) => ({ key: location.key, name: location.name })),
    renamed,
    keyOf,
    elsewhere,
    summary(imported, present) {
      const inFile = [...file.values()].map((location) => ({
        key: location.key,
        name: location.name,
        status: storedByKey.has(location.key) ? ('in_file' as const) : ('new' as const),
        pupils: imported.filter((pupil) => pupil.locationKey === location.key).length,
      }));
      const notInFile = stored
        .filter((location) => !file.has(location.externalKey))
        .map((location) => ({
          key: location.externalKey,
          name: location.name,
          status: 'not_in_file' as const,
          pupils: present.filter((pupil) => pupil.locationId === location.id).length,
        }));
      return [...inFile, ...notInFile];
    },
  };
}
