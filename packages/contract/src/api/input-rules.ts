/*
 * Request input rules, one place for every endpoint (PostgreSQL turns what they keep out into 500s: `integer`
 * columns end at 2^31-1 and text cannot hold NUL). Without zod, so that code which needs only these (the login
 * page) does not load it; the schemas in common.ts apply them.
 */

/** The largest id: ids are PostgreSQL `integer` (serial) columns. */
export const ID_MAX = 2_147_483_647;

export const INPUT_ERRORS = {
  id: `Enter a whole number from 1 to ${ID_MAX}.`,
  controlCharacters: 'Control characters and unpaired surrogates are not allowed.',
} as const;

// \p{Cc}: the C0 and C1 control characters and DEL; \p{Cs}: half of a surrogate pair standing alone.
export const SINGLE_LINE = /^[^\p{Cc}\p{Cs}]*$/u;
// The same but for tab, line feed and carriage return (one character class: linear on long input).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const MULTI_LINE = /^[^\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\p{Cs}]*$/u;
