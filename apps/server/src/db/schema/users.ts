import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { HOMEPAGE_PAGES, LANGUAGES, VERDICT_MEASURES } from '@leerzicht/contract';
import { inList, timestamptz } from './columns';

/** Accounts are global: one user can belong to several schools (school_memberships). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    language: text('language', { enum: LANGUAGES }).notNull().default('nl'),
    isDemo: boolean('is_demo').notNull().default(false),
    isRestricted: boolean('is_restricted').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The provider's own staff (impersonation, uploads, system templates). Granted explicitly by other staff or
     * on the server's command line, never derived from the e-mail address alone.
     */
    isProviderStaff: boolean('is_provider_staff').notNull().default(false),
    /** AES-GCM sealed (platform/secret-box), never the plain secret. */
    totpSecretEnc: text('totp_secret_enc'),
    totpActive: boolean('totp_active').notNull().default(false),
    /** Last accepted TOTP time step, so a code cannot be replayed. */
    totpLastUsedStep: bigint('totp_last_used_step', { mode: 'number' }),
    homepagePage: text('homepage_page', { enum: HOMEPAGE_PAGES }),
    homepageSchoolId: integer('homepage_school_id'),
    homepageGroupId: integer('homepage_group_id'),
    dateJoined: timestamptz('date_joined').notNull().defaultNow(),
    lastLogin: timestamptz('last_login'),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_language_check', inList(t.language, LANGUAGES)),
    check(
      'users_homepage_page_check',
      sql`${t.homepagePage} is null or ${inList(t.homepagePage, HOMEPAGE_PAGES)}`,
    ),
  ],
);

export const AGGREGATION_TYPES = ['year', 'moment'] as const;

export const userSettings = pgTable(
  'user_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    showNationalAverage: boolean('show_national_average').notNull().default(true),
    showBarAverage: boolean('show_bar_average').notNull().default(true),
    aggregationType: text('aggregation_type', { enum: AGGREGATION_TYPES }).notNull().default('year'),
    preferredTestsView: text('preferred_tests_view'),
    verdictMeasure: text('verdict_measure', { enum: VERDICT_MEASURES }).notNull().default('levelValue'),
    /** Settings the spec does not name; free-form by design. */
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    check('user_settings_aggregation_type_check', inList(t.aggregationType, AGGREGATION_TYPES)),
    check('user_settings_verdict_measure_check', inList(t.verdictMeasure, VERDICT_MEASURES)),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** Random token id carried in the JWT. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The staff member's own session an impersonation was started from: it ends when that one does. */
    impersonatorSessionId: text('impersonator_session_id'),
    /** An impersonated session reads only this school. */
    impersonatedSchoolId: integer('impersonated_school_id'),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    /** When the user last re-entered the password in this session (gates e-mail and two-step changes). */
    passwordConfirmedAt: timestamptz('password_confirmed_at'),
    currentSchoolYear: integer('current_school_year'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the token; the token itself is only in the mail. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/**
 * A sign-in link mailed to the account's address (modules/auth/sign-in-link.ts): the owner's way in from a new
 * address while many failed passwords make such addresses wait. Short-lived and used once.
 */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the link's key; the key itself is only in the mail. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('sign_in_links_user_id_idx').on(t.userId)],
);

/**
 * A device token (modules/auth/device-token.ts): given to the browser in a cookie after a successful sign-in, it lets
 * that browser's password attempts on the account skip the login backoffs, up to 10 wrong passwords (`failures`).
 */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the token; the token itself is only in the browser's cookie. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Attempts counted on the token and not given back by a right password: its wrong passwords. */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [index('device_tokens_user_id_idx').on(t.userId)],
);

/** A requested change of e-mail address: applied only once the link mailed to the new address is opened. */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    /** SHA-256 (hex) of the link's key; the key itself is only in the mail. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('email_change_requests_user_id_idx').on(t.userId)],
);

/**
 * Values the server keeps about itself, such as a canary sealed with the two-step encryption key, so that a
 * start with another key stops with a clear message instead of failing at the next two-step login.
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** Fixed-window counters for rate limits that must hold across server processes (login, TOTP). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('login_attempts_window_start_idx').on(t.windowStart),
  ],
);
