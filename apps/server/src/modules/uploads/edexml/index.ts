import type { Importer } from '../importer';
import { parseEdexml } from './parse';
import { planEdexml } from './plan';

/** EDEXML 2.1: the school's groups, pupils and teachers from its administration system (docs/uploads/edexml.md). */
export const edexmlImporter: Importer = {
  kind: 'EDEXML',
  async read(file, deadline) {
    const doc = await parseEdexml(file.path, deadline);
    return { plan: (tx, target) => planEdexml(tx, target, doc) };
  },
};
