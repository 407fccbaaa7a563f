import type { SocialEmotionalAspect } from '@leerzicht/contract';

type Ordered = Pick<SocialEmotionalAspect, 'id' | 'position'>;

/** A new position for one aspect (`PATCH` body `{ position }`). */
export interface AspectMove {
  id: number;
  position: number;
}

/** The school's aspects as the server orders them (position, then id): the active ones, and the archived apart. */
export function splitAspects<A extends Ordered & Pick<SocialEmotionalAspect, 'isArchived'>>(
  aspects: readonly A[],
): { active: A[]; archived: A[] } {
  const ordered = [...aspects].sort((a, b) => a.position - b.position || a.id - b.id);
  return {
    active: ordered.filter((aspect) => !aspect.isArchived),
    archived: ordered.filter((aspect) => aspect.isArchived),
  };
}

/**
 * The positions that move `ordered[index]` one place up (-1) or down (+1) among `ordered`: the two trade their
 * positions. Where positions tie (so trading changes nothing) the list is numbered 0, 1, 2… afresh. Only the
 * aspects whose position changes are returned; nothing at either end of the list.
 */
export function moveAspect(ordered: readonly Ordered[], index: number, step: -1 | 1): AspectMove[] {
  const target = index + step;
  const moved = ordered[index];
  const other = ordered[target];
  if (moved === undefined || other === undefined) return [];
  const reordered = [...ordered];
  reordered[index] = other;
  reordered[target] = moved;
  const positions = ordered.map((aspect) => aspect.position);
  const distinct = positions.every((position, i) => i === 0 || position > (positions[i - 1] ?? position));
  return reordered.flatMap((aspect, i) => {
    const position = distinct ? (positions[i] ?? i) : i;
    return position === aspect.position ? [] : [{ id: aspect.id, position }];
  });
}
