import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SsrEntry } from '@nirmaan/shared/ssr';

export type { PageData, RenderedPage } from '@nirmaan/shared/ssr';

interface ManifestChunk { file: string; imports?: string[] }

/** The built pieces a rendered page is made of: the entry, index.html as the template, and the chunk manifest. */
export interface SsrBuild { entry: SsrEntry; template: string; manifest: Record<string, ManifestChunk> }

/** Loads the build beside `webDist`, or null when the web app was built without its server entry. */
export async function loadSsrBuild(webDist: string): Promise<SsrBuild | null> {
  const entryFile = path.resolve(webDist, '../dist-ssr/entry-server.js');
  const manifestFile = path.join(webDist, '.vite/manifest.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as SsrEntry;
  return {
    entry,
    template: readFileSync(path.join(webDist, 'index.html'), 'utf8'),
    manifest: JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>,
  };
}

/** The files a page's chunk needs, for `<link rel="modulepreload">`: its own and those it imports, once each. */
export function chunkFiles(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => chunkFiles(manifest, k, seen))];
}
