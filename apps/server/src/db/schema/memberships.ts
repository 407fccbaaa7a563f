import { boolean, check, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { inList, schoolIdColumn, timestamptz } from './columns';
import { users } from './users';

export const schoolMemberships = pgTable(
  'school_memberships',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isSchoolSuperuser: boolean('is_school_superuser').notNull().default(false),
    isSenco: boolean('is_senco').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('school_memberships_school_user_key').on(t.schoolId, t.userId),
    index('school_memberships_user_id_idx').on(t.userId),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    email: text('email').notNull(),
    /** SHA-256 (hex) of the invitation key; the key itself is only in the mail. */
    keyHash: text('key_hash').notNull().unique(),
    isSchoolSuperuser: boolean('is_school_superuser').notNull().default(false),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set once the invitation mail went out, so a retried request does not mail it twice. */
    mailSentAt: timestamptz('mail_sent_at'),
  },
  (t) => [index('invitations_school_id_idx').on(t.schoolId)],
);

export const HIDDEN_NOTIFICATION_KINDS = ['disconnected_school', 'new_school_year'] as const;

/** Notices a user chose to hide, per school (and per school year for the new-school-year notice). */
export const hiddenNotifications = pgTable(
  'hidden_notifications',
  {
    id: serial('id').primaryKey(),
    schoolId: schoolIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: HIDDEN_NOTIFICATION_KINDS }).notNull(),
    schoolYear: integer('school_year'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('hidden_notifications_key').on(t.userId, t.schoolId, t.kind, t.schoolYear).nullsNotDistinct(),
    check('hidden_notifications_kind_check', inList(t.kind, HIDDEN_NOTIFICATION_KINDS)),
  ],
);
