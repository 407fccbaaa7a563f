import type { Db } from '../../db/client';
import {
  bumpHistoryVersion,
  lockHistoryRecompute,
  readHistoryState,
  readStoredHistoryRows,
  recomputeStoredHistoryRows,
  takeStaleMark,
} from './history-store-repository';

/* When a school's stored history rows are recomputed, and the parsed rows each process keeps of them. */

/**
 * The version of the school's stored history rows, recomputed first when a write has marked the school stale
 * or they were never computed (one indexed lookup when they are current). Recomputes of a school run one at a
 * time (an advisory lock); taking the mark and recomputing happen in one transaction, and a writer's mark (an
 * upsert that locks it) makes the recompute wait for the writer, so a result committed during a recompute leaves
 * the school stale again.
 */
export async function ensureSchoolHistory(db: Db, schoolId: number): Promise<number> {
  const state = await readHistoryState(db, schoolId);
  if (!state.stale && state.version !== null) return state.version;
  return db.transaction(async (tx) => {
    await lockHistoryRecompute(tx, schoolId);
    const taken = await takeStaleMark(tx, schoolId);
    const now = await readHistoryState(tx, schoolId);
    // Another request recomputed it while this one waited for the lock.
    if (!taken && now.version !== null) return now.version;
    await recomputeStoredHistoryRows(tx, schoolId);
    return bumpHistoryVersion(tx, schoolId);
  });
}

type HistoryRows = Awaited<ReturnType<typeof readStoredHistoryRows>>;

/** The parsed rows of the schools read last, per database, by version (at most CACHED_SCHOOLS, least recent out). */
const CACHED_SCHOOLS = 64;
const cached = new WeakMap<Db, Map<number, { version: number; rows: HistoryRows }>>();

/**
 * A whole school's stored history rows, made current first. Each process keeps the parsed rows of the schools it
 * read last and uses them while the database's version is the same: a read of an unchanged school costs one
 * indexed lookup instead of sending and parsing some thousand rows. Nothing is trusted without that check, so
 * processes need no coordination.
 */
export async function readStoredHistory(db: Db, schoolId: number): Promise<HistoryRows> {
  const version = await ensureSchoolHistory(db, schoolId);
  let bySchool = cached.get(db);
  if (!bySchool) {
    bySchool = new Map();
    cached.set(db, bySchool);
  }
  const hit = bySchool.get(schoolId);
  // Re-inserted on every use, so the map's first key is the least recently used.
  bySchool.delete(schoolId);
  if (hit && hit.version === version) {
    bySchool.set(schoolId, hit);
    return hit.rows;
  }
  // Read after the version: if a recompute commits in between, these rows are newer than `version` and the next
  // read finds a version it has not cached and reads again.
  const rows = await readStoredHistoryRows(db, schoolId);
  bySchool.set(schoolId, { version, rows });
  const oldest = bySchool.keys().next();
  if (bySchool.size > CACHED_SCHOOLS && !oldest.done) bySchool.delete(oldest.value);
  return rows;
}

/** The rows a grade page needs from the whole school's: its aggregates (level 1) and the norms of its results. */
export function gradeRowsOf(rows: HistoryRows, grade: number): HistoryRows {
  return {
    aggregates: rows.aggregates.filter((row) => row.level === 1 && row.grade === grade),
    norms: rows.norms.filter((norm) => norm.grade === grade),
  };
}
