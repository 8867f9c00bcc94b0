import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { Db } from '../db/client';
import type { UploadRow, UploadStore } from '../funding';
import { uploadPath } from '../funding';
import { refuse } from '../http/errors';
import { deleteUploads, insertUpload, staleUploads, unreferencedCount, uploadByName } from './repo';

/** The only types accepted, by their bytes, with the extension they are stored under. */
const ACCEPTED: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** Markup or code hidden in an image's bytes: a polyglot that some other reader could run. Five bytes or more, so random pixels never match. */
const SMUGGLED = ['<script', '<?php', '<html', '<body', '<iframe', '<svg', '<!doctype', 'javascript:'];

const NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;
/** Pictures a trader may keep that no deposit or verification uses yet: enough for any form, not a file store. */
export const UNUSED_UPLOADS_MAX = 20;
/** An unused picture is deleted this long after it was sent. */
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60_000;

/** Reads the multipart file `filePart` finds, keeping the 5 MB limit of the multipart plugin. */
async function readFilePart(filePart: () => Promise<MultipartFile | undefined>): Promise<Buffer> {
  try {
    const file = await filePart();
    if (file) return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse('upload_too_large');
    // Otherwise the body is not the multipart its header says (cut short, a bad part header): no file came.
  }
  throw refuse('upload_missing');
}

/** Accepts a real JPEG, PNG or WebP (never trusting the name or declared type) and stores it under a random name. */
export async function storeImage(
  db: Db,
  store: UploadStore,
  userId: number,
  filePart: () => Promise<MultipartFile | undefined>,
): Promise<{ url: string }> {
  if ((await unreferencedCount(db, userId)) >= UNUSED_UPLOADS_MAX) throw refuse('upload_quota');
  const bytes = await readFilePart(filePart);
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  const extension = type ? ACCEPTED[type.mime] : undefined;
  if (!type || !extension) throw refuse('upload_type');
  const lowered = bytes.toString('latin1').toLowerCase();
  if (SMUGGLED.some((marker) => lowered.includes(marker))) throw refuse('upload_type');
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
  await store.put(name, bytes, { mime: type.mime, userId });
  await insertUpload(db, { userId, name, mime: type.mime, size: bytes.length });
  return { url: uploadPath(name) };
}

/** An upload's bytes for a viewer allowed to see it (its owner or an operator); undefined otherwise. */
export async function readUpload(
  db: Db,
  store: UploadStore,
  name: string,
  viewer: { userId?: number; operator: boolean },
): Promise<{ row: UploadRow; bytes: Buffer } | undefined> {
  if (!NAME.test(name)) return undefined;
  const row = await uploadByName(db, name);
  if (!row || !(viewer.operator || row.userId === viewer.userId)) return undefined;
  const bytes = await store.get(name);
  return bytes && { row, bytes };
}

/** Deletes pictures nobody used within a day of sending them, rows and bytes; returns how many. */
export async function deleteUnusedUploads(db: Db, store: UploadStore, now: number): Promise<number> {
  const stale = await staleUploads(db, new Date(now - UNUSED_UPLOAD_TTL_MS), 500);
  await deleteUploads(
    db,
    stale.map((u) => u.id),
  );
  await store.delete(stale.map((u) => u.name));
  return stale.length;
}
