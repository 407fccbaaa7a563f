import { GROUP_PLAN_ERRORS, TEMPLATE_MAX_CATEGORIES, TEMPLATE_MAX_DEPTH } from '@leerzicht/contract';
import type { IntlShape } from 'react-intl';
import { translateServerMessage, type FieldErrors } from '../../../lib/server-errors';
import { nodeAtFieldPath, type Tree } from './template-tree';

/*
 * Where the editor shows a 400's (or the contract schema's) per-field messages: under the name, the subjects,
 * the grades, a category (by its key, found from the index path of the tree that was sent), under the tree, or
 * at the top of the form. Messages come out translated.
 */

export type TemplateField = 'name' | 'allowed_subjects' | 'allowed_grades' | 'content' | 'general';

export interface TemplateErrors {
  fields: Partial<Record<TemplateField, string>>;
  /** Messages of categories, by the key of the node. */
  categories: Record<string, string>;
}

const FIELDS: readonly TemplateField[] = ['name', 'allowed_subjects', 'allowed_grades', 'content'];

/** The server's messages of templates in the interface language; others as translateServerMessage has them. */
export function translateTemplateMessage(intl: IntlShape, message: string): string {
  switch (message) {
    case GROUP_PLAN_ERRORS.tooDeep:
      return intl.formatMessage({ id: 'templates.error.tooDeep' }, { max: TEMPLATE_MAX_DEPTH });
    case GROUP_PLAN_ERRORS.tooMany:
      return intl.formatMessage({ id: 'templates.error.tooMany' }, { max: TEMPLATE_MAX_CATEGORIES });
    case GROUP_PLAN_ERRORS.unknownSubject:
      return intl.formatMessage({ id: 'templates.error.unknownSubject' });
    case GROUP_PLAN_ERRORS.systemWithSchool:
      return intl.formatMessage({ id: 'templates.error.systemWithSchool' });
    case GROUP_PLAN_ERRORS.nothingToChange:
      return intl.formatMessage({ id: 'templates.error.nothingToChange' });
    default:
      return translateServerMessage(intl, message);
  }
}

function fieldOf(path: string): TemplateField {
  const head = path.split('.')[0] ?? '';
  return FIELDS.find((field) => field === head) ?? 'general';
}

/** Sorts the messages of `errors` to where they are shown, for the tree that was sent. */
export function templateErrors(intl: IntlShape, errors: FieldErrors, tree: Tree): TemplateErrors {
  const result: TemplateErrors = { fields: {}, categories: {} };
  const add = (target: Record<string, string>, key: string, message: string) => {
    target[key] = target[key] ? `${target[key]} ${message}` : message;
  };
  for (const [path, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (first === undefined) continue;
    const node = nodeAtFieldPath(tree, path);
    if (node) {
      // A layer the templates do not take (a stored PUPIL category) gets its own words, not zod's.
      const message =
        node.rest === 'layer'
          ? intl.formatMessage({ id: 'templates.error.layer' })
          : translateTemplateMessage(intl, first);
      add(result.categories, node.key, message);
    } else {
      add(result.fields, fieldOf(path), translateTemplateMessage(intl, first));
    }
  }
  return result;
}
