import { z } from 'zod';
import { NOTE_LIMIT } from '../constants';
import { idSchema, multilineText } from './common';
import { yearTimeSchema } from './catalog';
import { NOTE_ERRORS } from './notes';

/*
 * A group's notes (spec section 3, "Year class"): on a national test moment of a subject, naming the pupils it is
 * about (`relatedPupils`, pupils of the group), or on a method test. Paths ours: `/year_class_notes/`.
 */

export const YEAR_CLASS_NOTE_ERRORS = {
  notInGroup: 'These pupils are not in the group.',
  momentRequired: 'A test-moment note needs the moment (yearTime).',
  methodTestRequired: 'A method-test note needs the method test.',
  pupilsOnlyForMoments: 'Only a test-moment note names pupils.',
} as const;

const content = multilineText({ error: NOTE_ERRORS.required })
  .trim()
  .min(1, NOTE_ERRORS.required)
  .max(NOTE_LIMIT, NOTE_ERRORS.content);
const relatedPupils = z.array(idSchema).max(100);

export const yearClassNoteCreateSchema = z
  .object({
    yearClassId: idSchema,
    kind: z.enum(['test_moment', 'method_test']),
    subjectId: idSchema,
    calendarYear: z.number().int().min(2000).max(2100),
    yearTime: yearTimeSchema.nullable().optional().default(null),
    methodTestId: idSchema.nullable().optional().default(null),
    content,
    relatedPupils: relatedPupils.optional().default([]),
    confidential: z.boolean().optional().default(false),
  })
  .superRefine((value, context) => {
    if (value.kind === 'test_moment' && value.yearTime === null)
      context.addIssue({
        code: 'custom',
        path: ['yearTime'],
        message: YEAR_CLASS_NOTE_ERRORS.momentRequired,
      });
    if (value.kind === 'method_test' && value.methodTestId === null)
      context.addIssue({
        code: 'custom',
        path: ['methodTestId'],
        message: YEAR_CLASS_NOTE_ERRORS.methodTestRequired,
      });
    if (value.kind === 'method_test' && value.relatedPupils.length > 0)
      context.addIssue({
        code: 'custom',
        path: ['relatedPupils'],
        message: YEAR_CLASS_NOTE_ERRORS.pupilsOnlyForMoments,
      });
  });
export type YearClassNoteCreate = z.input<typeof yearClassNoteCreateSchema>;

export const yearClassNoteUpdateSchema = z
  .object({
    content: content.optional(),
    relatedPupils: relatedPupils.optional(),
    confidential: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: NOTE_ERRORS.nothingToChange,
  });
export type YearClassNoteUpdate = z.input<typeof yearClassNoteUpdateSchema>;
