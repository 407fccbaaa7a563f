import { z } from 'zod';

/** Error body of every failed call: `errors` maps field names to messages (400 for bad input). */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Lists that can grow are paged with limit and offset. */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export function pagedSchema<T extends z.ZodType>(row: T) {
  return z.object({ count: z.number().int(), results: z.array(row) });
}
export interface Paged<T> {
  count: number;
  results: T[];
}

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.boolean(),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
