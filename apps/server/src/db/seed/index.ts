import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { hashPassword } from '../../http/password';
import type { Db } from '../client';
import { areaCodes, operators, settings } from '../schema';
import { areaSeeds } from './areaCodes';
import { SETTING_DEFAULTS } from './settings';

/** Idempotent: inserts what is missing and never overwrites what an operator changed. */
export async function seed(db: Db, config: Config): Promise<void> {
  await db.insert(areaCodes).values(areaSeeds()).onConflictDoNothing({ target: areaCodes.code });
  await db
    .insert(settings)
    .values(Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing({ target: settings.key });
  const existing = await db
    .select({ id: operators.id })
    .from(operators)
    .where(sql`${operators.email} = ${config.operatorEmail}`);
  if (existing.length === 0) {
    await db
      .insert(operators)
      .values({
        email: config.operatorEmail,
        passwordHash: await hashPassword(config.operatorPassword),
        role: 'admin',
      })
      .onConflictDoNothing({ target: operators.email });
  }
}
