import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSeededTemplate, startServer } from './support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');

/**
 * Seeds the demo data once into a template that every test server starts from a copy of (support/server.ts), and
 * starts the real server shared by the browser test files that need no server of their own.
 */
export default async function setup(project: TestProject) {
  for (const built of ['apps/web/dist/index.html', 'apps/server/dist/server.js']) {
    if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: run \`npm run build\` first (npm test does).`);
  }
  const template = await buildSeededTemplate();
  project.provide('seededTemplate', { dataDir: template.dataDir, database: template.database });
  let server;
  try {
    server = await startServer({}, template);
  } catch (err) {
    await template.remove();
    throw err;
  }
  project.provide('baseUrl', server.url);
  return async () => {
    await server.stop();
    await template.remove();
  };
}
