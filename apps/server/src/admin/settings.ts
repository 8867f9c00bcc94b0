import { adminEndpoints, type SettingName } from '@meridian/contract';
import { dec } from '@meridian/core';
import type { FastifyInstance } from 'fastify';
import type { Database, Tx } from '../db/client';
import { invalidInput } from '../http/errors';
import { adminRoute, audit, fileRequest } from '../operators';
import type { SettingKey } from '../settings';
import { readSettings, settings, supportFraming } from '../settings';

/** The contract's settings are the platform's: a key the one has and the other not fails to compile. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameSettings: Same<SettingName, SettingKey> = true;
void sameSettings;

/**
 * Writes changed settings (`at`) with one audit row of their old and new values, in the caller's
 * transaction; answers the settings after.
 */
export async function writeSettingsIn(
  tx: Tx,
  operatorId: number,
  input: Partial<Record<SettingName, string>>,
  at: Date,
) {
  const before = await readSettings(tx);
  const after = { ...before, ...input };
  // Stop-out must trigger below the margin call, or the call would never be seen.
  if (dec(after.stop_out_level).greaterThanOrEqualTo(after.margin_call_level)) {
    throw invalidInput('stop_out_level');
  }
  const changed = (Object.keys(input) as SettingName[]).filter((key) => before[key] !== after[key]);
  for (const key of changed) {
    await tx
      .insert(settings)
      .values({ key, value: after[key], updatedAt: at })
      .onConflictDoUpdate({ target: settings.key, set: { value: after[key], updatedAt: at } });
  }
  if (changed.length > 0) {
    await audit(tx, {
      operatorId,
      action: 'settings.update',
      targetType: 'settings',
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, after[k]])),
    });
  }
  return after;
}

/**
 * Platform settings: admins read and change them; each change is audited with its old value. A new
 * payment page sends traders' deposits somewhere new: like a deposit channel's new address, it waits for
 * a second operator (admin/approvals.ts makes it), while the other settings given change at once.
 */
export function adminSettingsRoutes(
  app: FastifyInstance,
  { database: { db }, now }: { database: Database; now: () => number },
): void {
  adminRoute(app, db, adminEndpoints.settings, async () => readSettings(db));

  adminRoute(app, db, adminEndpoints.saveSettings, async ({ operator, input }) => {
    const { payment_page_url: url, ...rest } = input;
    const saved = await db.transaction(async (tx) => {
      const after = await writeSettingsIn(tx, operator.id, rest, new Date(now()));
      if (url === undefined || url === after.payment_page_url) return after;
      const filed = await fileRequest(tx, { operatorId: operator.id }, 'payment_page', { url });
      return { ...after, request_id: filed.data.request_id };
    });
    // This node's pages may frame the new support link at once; the others within half a minute.
    await supportFraming(db).refresh();
    return saved;
  });
}
