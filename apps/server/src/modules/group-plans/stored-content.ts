import { z } from 'zod';
import { NOTE_LAYERS, type TemplateCategoryView, type TemplateContent } from '@leerzicht/contract';

/*
 * A template's content as the jsonb column holds it. The column is free-form (templates evolve, demo data and
 * older rows may leave out an empty `children`), so it is parsed on the way out, never cast; a node without
 * children gets an empty list, as every answer has.
 */
const storedCategorySchema: z.ZodType<TemplateCategoryView, unknown> = z.lazy(() =>
  z.object({
    name: z.string(),
    layer: z.enum(NOTE_LAYERS),
    children: z.array(storedCategorySchema).optional().default([]),
  }),
);
const storedContentSchema = z.object({ categories: z.array(storedCategorySchema) });

export function storedContent(row: { content: unknown }): TemplateContent {
  return storedContentSchema.parse(row.content);
}
