import type { Readable } from 'node:stream';
import type { StorageConfig } from '../../config/index.ts';
import { FolderStore } from './folder.ts';
import { S3Client, S3Store } from './s3.ts';

/**
 * Where files live (decision record 021): a folder by default, or an S3-compatible object store shared by
 * every server process. Two areas: `uploads` (public images, served under /uploads/) and `private` (private
 * files, served only through /api/files/{id}). Keys are our own names (hashes, uuids), never a client's.
 */
export interface StoredObject {
  size: number;
  body: Readable;
}

export interface ObjectStore {
  /** Writes the whole object or nothing: a reader never sees half a file. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Whether the object exists (HEAD): content-addressed writes skip what is already stored. */
  has(key: string): Promise<boolean>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; no error when there is none. */
  delete(key: string): Promise<void>;
}

export interface Storage {
  kind: StorageConfig['kind'];
  uploads: ObjectStore;
  private: ObjectStore;
  /** At start-up: proves the store answers and takes our credentials (S3), so a bad key stops the server at once. */
  check(): Promise<void>;
}

/** The store's failure (unreachable, refused credentials): logged in full, answered as a 503 without details. */
export class StorageError extends Error {}

export function createStorage(config: StorageConfig): Storage {
  if (config.kind === 'folder') {
    return { kind: 'folder', uploads: new FolderStore(config.uploadsDir), private: new FolderStore(config.privateDir), check: async () => undefined };
  }
  const client = new S3Client(config);
  return { kind: 's3', uploads: new S3Store(client, 'uploads/'), private: new S3Store(client, 'private/'), check: () => client.check() };
}
