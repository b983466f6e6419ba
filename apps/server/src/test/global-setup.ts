import type { TestProject } from 'vitest/node';
import { prepareTemplate } from './database';

/** The server project's globalSetup (vitest.config.ts): one migrated, seeded template per run. */
export default async function setup(project: TestProject) {
  const { provided, cleanUp } = await prepareTemplate();
  if (provided.pgliteTemplate) project.provide('pgliteTemplate', provided.pgliteTemplate);
  if (provided.postgresTemplate) project.provide('postgresTemplate', provided.postgresTemplate);
  if (provided.pgliteMigrated) project.provide('pgliteMigrated', provided.pgliteMigrated);
  if (provided.pgliteEmpty) project.provide('pgliteEmpty', provided.pgliteEmpty);
  return cleanUp;
}
