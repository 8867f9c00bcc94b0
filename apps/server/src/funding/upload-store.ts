import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sha256Hex } from '../util/aws-sigv4';
import { s3Store } from './s3-store';
import { uploadBlobs } from './schema';

/** What an uploaded picture is, besides its bytes. */
export interface UploadMeta {
  mime: string;
  userId: number;
}

/** Where the bytes of uploaded pictures are kept, by their random name. */
export interface UploadStore {
  put(name: string, bytes: Buffer, meta: UploadMeta): Promise<void>;
  /** The bytes, or undefined when there are none under that name. */
  get(name: string): Promise<Buffer | undefined>;
  delete(names: string[]): Promise<void>;
}

/** Files in one folder: the embedded mode's, where one process serves everything. */
export function diskStore(dir: string): UploadStore {
  return {
    async put(name, bytes) {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, name), bytes, { flag: 'wx' });
    },
    async get(name) {
      try {
        return await readFile(path.join(dir, name));
      } catch (err) {
        if ((err as { code?: string }).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async delete(names) {
      await Promise.all(names.map((name) => rm(path.join(dir, name), { force: true })));
    },
  };
}

/** Rows of upload_blobs: every node of a deployment reads the same database. */
export function databaseStore(db: Db): UploadStore {
  return {
    async put(name, bytes, { mime, userId }) {
      await db
        .insert(uploadBlobs)
        .values({ name, userId, mime, size: bytes.length, sha256: sha256Hex(bytes), content: bytes });
    },
    async get(name) {
      const [row] = await db
        .select({ content: uploadBlobs.content })
        .from(uploadBlobs)
        .where(eq(uploadBlobs.name, name));
      return row?.content;
    },
    async delete(names) {
      if (names.length > 0) await db.delete(uploadBlobs).where(inArray(uploadBlobs.name, names));
    },
  };
}

/**
 * An S3-compatible bucket when S3_URL is set; else in production mode (PostgreSQL) the database, which every
 * node reads; else (embedded) UPLOAD_DIR.
 */
export function uploadStoreFor(
  config: Pick<Config, 's3Url' | 'databaseUrl' | 'uploadDir'>,
  db: Db,
): UploadStore {
  if (config.s3Url) return s3Store(config.s3Url);
  return config.databaseUrl ? databaseStore(db) : diskStore(config.uploadDir);
}
