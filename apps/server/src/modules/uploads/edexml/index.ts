import type { Importer } from '../importer';
import { parseEdexml } from './parse';
import { planEdexml } from './plan';

/** EDEXML 2.1: the school's groups, pupils and teachers from its administration system (docs/uploads/edexml.md). */
export const edexmlImporter: Importer = {
  kind: 'EDEXML',
  async plan(tx, target, file) {
    return planEdexml(tx, target, await parseEdexml(file.path));
  },
};
