import { randomInt } from 'node:crypto';
import type { Db } from '../db/client';
import type { User } from '../http/sessions';
import { type NewUser, tryInsertUser } from './users.repo';

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const INVITE_LENGTH = 8;
const ATTEMPTS = 3;

const newUid = () => String(randomInt(10_000_000, 100_000_000));
const newInviteCode = () =>
  Array.from({ length: INVITE_LENGTH }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

/**
 * Inserts the user with a fresh public uid and invite code. Undefined when `taken()` says another row
 * already holds its e-mail, mobile or demo id; a clash on the random values is simply retried.
 */
export async function createUser(
  tx: Db,
  values: NewUser,
  taken: () => Promise<boolean>,
): Promise<User | undefined> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const row = await tryInsertUser(tx, { ...values, uid: newUid(), inviteCode: newInviteCode() });
    if (row) return row;
    if (await taken()) return undefined;
  }
  throw new Error(`no free uid or invite code after ${ATTEMPTS} attempts`);
}
