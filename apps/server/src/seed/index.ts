import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { areaCodes } from '../db/schema';
import { hashPassword } from '../http/password';
import { operators } from '../operators';
import { SETTING_DEFAULTS, settings } from '../settings';
import { areaSeeds } from './area-codes';

/** A password for the first operator nobody chose: 20 letters and digits, about 119 bits. */
const newPassword = () => randomBytes(20).toString('base64url').replace(/[-_]/g, '').slice(0, 20);

/**
 * Idempotent: inserts what is missing and never overwrites what an operator changed (PAYMENT_PAGE_URL is only
 * the payment page setting's first value). The first operator gets OPERATOR_PASSWORD or, when none is set
 * (embedded mode), a random one, which is returned to be shown once; either must be changed at its first
 * sign-in. Only its hash is stored.
 */
export async function seed(db: Db, config: Config): Promise<{ operatorPassword?: string }> {
  await db.insert(areaCodes).values(areaSeeds()).onConflictDoNothing({ target: areaCodes.code });
  const initial = { ...SETTING_DEFAULTS, payment_page_url: config.paymentPageUrl };
  await db
    .insert(settings)
    .values(Object.entries(initial).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing({ target: settings.key });
  const existing = await db
    .select({ id: operators.id })
    .from(operators)
    .where(sql`${operators.email} = ${config.operatorEmail}`);
  if (existing.length > 0) return {};
  const password = config.operatorPassword ?? newPassword();
  const [created] = await db
    .insert(operators)
    .values({
      email: config.operatorEmail,
      passwordHash: await hashPassword(password),
      role: 'admin',
      mustChangePassword: true,
    })
    .onConflictDoNothing({ target: operators.email })
    .returning({ id: operators.id });
  return created && !config.operatorPassword ? { operatorPassword: password } : {};
}
