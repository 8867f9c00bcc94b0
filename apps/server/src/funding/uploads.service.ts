import type { Db } from '../db/client';
import { refuse } from '../http/errors';
import { ownUploadByName } from './uploads.repo';

const URL_NAME = /\/uploads\/([a-f0-9]{32}\.(?:jpg|png|webp))(?:[?#].*)?$/;

export const uploadPath = (name: string) => `/uploads/${name}`;

/** The stored name inside an upload's url (absolute or not), if it looks like one. */
export const nameFromUrl = (url: string): string | undefined => URL_NAME.exec(url)?.[1];

/** The caller's own upload behind a url, or a refusal with `key`: nobody may cite another user's picture. */
export async function ownUpload(
  db: Db,
  userId: number,
  url: string,
  key: 'proof_invalid' | 'pictures_invalid',
) {
  const name = nameFromUrl(url);
  const row = name ? await ownUploadByName(db, userId, name) : undefined;
  if (!row) throw refuse(key);
  return row;
}
