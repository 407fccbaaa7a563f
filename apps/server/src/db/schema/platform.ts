import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { TICKET_SUBJECTS, UPLOAD_KINDS } from '@leerzicht/contract';
import { bytea, inList, schoolIdColumn, timestamptz } from './columns';
import { schools } from './schools';
import { users } from './users';

export const SUPPORT_TICKET_STATUSES = ['pending', 'sent', 'failed', 'local'] as const;

/** Support messages; kept here before (and after) they go to the external ticketing service. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject', { enum: TICKET_SUBJECTS }).notNull(),
    message: text('message').notNull(),
    properties: jsonb('properties')
      .$type<Record<string, string | boolean | number | null>>()
      .notNull()
      .default({}),
    externalId: text('external_id'),
    status: text('status', { enum: SUPPORT_TICKET_STATUSES }).notNull().default('pending'),
    email: text('email').notNull().default(''),
    name: text('name').notNull().default(''),
    /** Forwarding to the ticketing service: tries so far, the last failure, and when to try again. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamptz('next_attempt_at'),
    sentAt: timestamptz('sent_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('support_tickets_school_id_idx').on(t.schoolId),
    index('support_tickets_status_idx').on(t.status, t.nextAttemptAt),
    check('support_tickets_subject_check', inList(t.subject, TICKET_SUBJECTS)),
    check('support_tickets_status_check', inList(t.status, SUPPORT_TICKET_STATUSES)),
    check('support_tickets_message_check', sql`char_length(${t.message}) <= 1000`),
  ],
);

/**
 * Files sent with a support message (the screenshot is one, marked so), kept on disk under the data directory
 * (never in the web root); `stored_name` is the server's own file name, `file_name` the user's.
 */
export const supportTicketAttachments = pgTable(
  'support_ticket_attachments',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    isScreenshot: boolean('is_screenshot').notNull().default(false),
    storedName: text('stored_name').notNull(),
  },
  (t) => [
    index('support_ticket_attachments_school_id_idx').on(t.schoolId),
    index('support_ticket_attachments_ticket_idx').on(t.ticketId, t.position),
  ],
);

export const UPLOAD_STATUSES = ['received', 'processing', 'done', 'failed'] as const;

/** Files uploaded by provider-domain users (imports); content inline (bytea) or on disk (stored_path). */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    kind: text('kind', { enum: UPLOAD_KINDS }).notNull(),
    status: text('status', { enum: UPLOAD_STATUSES }).notNull().default('received'),
    /** SHA-256 of the file (hex): the preview names it, applying checks it, a repeat is recognised by it. */
    sha256: text('sha256'),
    /** The school year the file is about (EDEXML schooljaar), when it has one. */
    calendarYear: integer('calendar_year'),
    storedPath: text('stored_path'),
    content: bytea('content'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('uploads_school_id_idx').on(t.schoolId),
    check('uploads_status_check', inList(t.status, UPLOAD_STATUSES)),
    check('uploads_kind_check', inList(t.kind, UPLOAD_KINDS)),
  ],
);

/**
 * Audit trail. Global: school_id is null for events outside a school (login, account). `details` must hold
 * ids and flags only, never personal data.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'set null' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_school_created_idx').on(t.schoolId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorUserId),
  ],
);

/** Error reports of the web app (the event id a support message refers to). Global. */
export const clientErrorReports = pgTable('client_error_reports', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  message: text('message').notNull(),
  stack: text('stack'),
  url: text('url'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
