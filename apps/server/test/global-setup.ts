import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { adminPool, FAST_COMMITS, templateName } from './support/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

/**
 * Migrates once per run: a PGlite data-dir dump that each test file loads in about half a second
 * (instead of an initdb), and with DATABASE_URL a template database each file clones.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'nirmaan-test-'));
  const url = process.env.DATABASE_URL;
  let dumpPath = '';
  if (!url) {
    dumpPath = path.join(dir, 'template.tar.gz');
    const lite = await openDatabase({ dataDir: 'memory://' });
    await lite.migrate();
    const client = (lite.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('gzip');
    writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
    await lite.close();
  }
  project.provide('pgliteTemplate', dumpPath);

  let pgTemplate = '';
  if (url) {
    pgTemplate = templateName();
    const admin = adminPool(url);
    await admin.query(`drop database if exists "${pgTemplate}"`);
    await admin.query(`create database "${pgTemplate}"`);
    await admin.query(FAST_COMMITS(pgTemplate));
    const tpl = await openDatabase({ databaseUrl: withDatabase(url, pgTemplate) });
    await tpl.migrate();
    await tpl.close();
    await admin.end();
  }
  project.provide('pgTemplate', pgTemplate);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && pgTemplate) {
      const admin = adminPool(url);
      await admin.query(`drop database if exists "${pgTemplate}" with (force)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
