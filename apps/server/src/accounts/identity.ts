import type { LoginType } from '@meridian/contract';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import type { Db } from '../db/client';
import { invalidInput } from '../http/errors';
import type { User } from '../http/sessions';
import { findArea } from './areas.repo';

export type { LoginType };

/** A sign-in identifier in canonical form; `recipient` is where its codes go (e-mail or E.164). */
export type EmailIdentity = { type: 'email'; email: string; recipient: string };
export type MobileIdentity = { type: 'mobile'; areaId: number; mobile: string; recipient: string };
export type Identity = EmailIdentity | MobileIdentity;

const email = z.email().max(254);

/** Parses what the client typed; a malformed address or number is refused as `field`. */
export async function resolveIdentity(
  db: Db,
  type: LoginType,
  raw: string,
  areaId: number | undefined,
  field: string,
): Promise<Identity> {
  if (type === 'email') {
    const parsed = email.safeParse(raw.trim().toLowerCase());
    if (!parsed.success) throw invalidInput(field);
    return { type, email: parsed.data, recipient: parsed.data };
  }
  const area = areaId === undefined ? undefined : await findArea(db, areaId);
  if (!area) throw invalidInput('area_id');
  const phone = parsePhoneNumberFromString(raw, area.code as CountryCode);
  // A number typed with another country's prefix would not belong to the chosen area.
  if (!phone?.isPossible() || phone.countryCallingCode !== area.globalCode) throw invalidInput(field);
  return { type, areaId: area.id, mobile: phone.nationalNumber, recipient: phone.number };
}

/** The user's own e-mail address or phone number, when the account has one. */
export async function ownIdentity(db: Db, user: User, type: LoginType): Promise<Identity | undefined> {
  if (type === 'email') {
    return user.email ? { type, email: user.email, recipient: user.email } : undefined;
  }
  const area = user.areaId ? await findArea(db, user.areaId) : undefined;
  if (!area || !user.mobile) return undefined;
  return { type, areaId: area.id, mobile: user.mobile, recipient: `+${area.globalCode}${user.mobile}` };
}
