import { GROUP_PLAN_ERRORS } from '@leerzicht/contract';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import { templateErrors } from './template-errors';
import type { Tree } from './template-tree';

const intl = createIntl({ locale: 'en', messages: en });
const tree: Tree = [
  { key: 'a', name: 'A', layer: 'GROUP', children: [{ key: 'b', name: '', layer: 'PUPIL', children: [] }] },
];

describe('template errors', () => {
  it('puts each message under its field or category, in the interface language', () => {
    expect(
      templateErrors(
        intl,
        {
          name: [GROUP_PLAN_ERRORS.required],
          'allowed_subjects.0': [GROUP_PLAN_ERRORS.unknownSubject],
          'content.categories': [GROUP_PLAN_ERRORS.tooMany],
          'content.categories.0.children.0.layer': ['Invalid option: expected one of "GROUP"|"INSTRUCTION"'],
          school_id: [GROUP_PLAN_ERRORS.systemWithSchool],
        },
        tree,
      ),
    ).toEqual({
      fields: {
        name: 'Field is required',
        allowed_subjects: 'This subject does not exist.',
        content: 'A template can have at most 200 categories.',
        general: 'A system template belongs to no school.',
      },
      categories: { b: 'Choose the Whole group or Instruction group layer.' },
    });
  });
});
