import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStore, StoredObject } from './index.ts';

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Objects as files in one folder, named by their key; written aside, then renamed into place. */
export class FolderStore implements ObjectStore {
  constructor(private readonly dir: string) {}

  private fileOf(key: string) {
    if (!SAFE_KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
    return path.join(this.dir, key);
  }

  async put(key: string, bytes: Buffer) {
    const final = this.fileOf(key);
    await mkdir(this.dir, { recursive: true });
    const aside = path.join(this.dir, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(aside, bytes, { flag: 'wx' });
      await rename(aside, final);
    } catch (err) {
      await unlink(aside).catch(() => undefined);
      throw err;
    }
  }

  async has(key: string) {
    return stat(this.fileOf(key)).then((s) => s.isFile(), () => false);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.fileOf(key);
    const size = await stat(file).then((s) => (s.isFile() ? s.size : null), () => null);
    return size === null ? null : { size, body: createReadStream(file) };
  }

  async delete(key: string) {
    await unlink(this.fileOf(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}
