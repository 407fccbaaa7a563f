import type { TestProject } from 'vitest/node';
import { buildTemplate, migrationsHash, type Template } from './helpers/template-db';

/**
 * Migrates one template database per run; each test file clones it (test/helpers/db.ts) instead of migrating
 * its own. In watch mode the template is rebuilt when a migration was added or changed between reruns.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  let template: Template = await buildTemplate(url);
  let migrations = await migrationsHash();
  project.provide('testDbTemplate', template.ref);

  project.onTestsRerun(async () => {
    const current = await migrationsHash();
    if (current === migrations) return;
    const previous = template;
    template = await buildTemplate(url);
    migrations = current;
    project.provide('testDbTemplate', template.ref);
    await previous.dispose();
  });

  return async () => {
    await template.dispose();
  };
}
