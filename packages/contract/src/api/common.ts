import { z } from 'zod';
import { ID_MAX, INPUT_ERRORS, MULTI_LINE, SINGLE_LINE } from './input-rules';

/** Error body of every failed call: `errors` maps field names to messages (400 for bad input). */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/* Request input rules, one place for every endpoint: the limits and patterns are in input-rules.ts. */

export { ID_MAX, INPUT_ERRORS } from './input-rules';

const wholeNumberMessage = (min: number, max: number) => `Enter a whole number from ${min} to ${max}.`;

/** An id in a JSON body: a whole number from 1 to ID_MAX. */
export const idSchema = z
  .number({ error: INPUT_ERRORS.id })
  .int(INPUT_ERRORS.id)
  .min(1, INPUT_ERRORS.id)
  .max(ID_MAX, INPUT_ERRORS.id);

/**
 * A whole number in a path or query string, in canonical decimal form only: no sign, leading zeros, spaces,
 * hexadecimal, exponent or fraction, so that `+1`, `01`, `0x1` and `1e0` are refused instead of read as 1.
 * A number is accepted too, so that callers can build paths and queries from numbers.
 */
export function intParam(min: number, max: number) {
  const message = wholeNumberMessage(min, max);
  const canonical = z
    .string()
    .regex(/^(0|[1-9][0-9]{0,9})$/)
    .transform(Number);
  return z
    .union([canonical, z.number().int().min(min).max(max)], { error: message })
    .pipe(z.number().min(min, message).max(max, message));
}

/** An id in a path or query string (see intParam). */
export const idParam = intParam(1, ID_MAX);

type StringParams = Parameters<typeof z.string>[0];

/** Every text field of a request: no control characters (PostgreSQL cannot store NUL). */
export const text = (params?: StringParams) =>
  z.string(params).regex(SINGLE_LINE, INPUT_ERRORS.controlCharacters);

/** Free text that may span lines: tab, line feed and carriage return allowed, other control characters not. */
export const multilineText = (params?: StringParams) =>
  z.string(params).regex(MULTI_LINE, INPUT_ERRORS.controlCharacters);

/** Lists that can grow are paged with limit and offset. */
export const pageQuerySchema = z.object({
  limit: intParam(1, 1000).default(100),
  offset: intParam(0, ID_MAX).default(0),
});

export function pagedSchema<T extends z.ZodType>(row: T) {
  return z.object({ count: z.number().int(), results: z.array(row) });
}
export interface Paged<T> {
  count: number;
  results: T[];
}

export const idParamSchema = z.object({ id: idParam });

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.boolean(),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
