import { sql, type SQL, type Column } from 'drizzle-orm';
import type { SchoolAccess } from './resolver';

/*
 * Who reads which notes, wherever notes are shown (the notes calls and the results that carry notes): users marked
 * restricted read none; a confidential note is read by its author, sencos and superusers only.
 */

export interface NoteReader {
  userId: number;
  readsNotes: boolean;
  seesAllConfidential: boolean;
}

export function noteReaderOf(access: SchoolAccess): NoteReader {
  return {
    userId: access.userId,
    readsNotes: !access.isRestricted,
    seesAllConfidential: access.readsWholeSchool,
  };
}

/**
 * The condition on a notes table that leaves out what the reader may not read, for statements built once
 * (db/built-once.ts): the reader comes in as the placeholders `readsNotes`, `seesAllConfidential` and `readerId`,
 * whose values readerValues gives.
 */
export function readableNotes(columns: { confidential: Column; authorId: Column }): SQL {
  return sql`(${sql.placeholder('readsNotes')}::boolean and (${sql.placeholder('seesAllConfidential')}::boolean
    or not ${columns.confidential} or ${columns.authorId} = ${sql.placeholder('readerId')}::int))`;
}

export function readerValues(reader: NoteReader) {
  return {
    readsNotes: reader.readsNotes,
    seesAllConfidential: reader.seesAllConfidential,
    readerId: reader.userId,
  };
}
