import { dec } from '@meridian/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { settings } from '../db/schema';
import type { SettingKey } from '../db/seed/settings';
import type { Deps } from '../deps';
import { invalidInput } from '../http/errors';
import { supportFraming } from '../http/support-framing';
import { audit } from '../operators/audit';
import { adminRoute } from '../operators/session';
import { readSettings } from '../settings/read';

const oneOf = (...values: string[]) => z.enum(values as [string, ...string[]]);
const percent = z
  .string()
  .trim()
  .regex(/^\d{1,4}(\.\d{1,2})?$/);
const blankOr = (schema: z.ZodType<string>) => z.union([z.literal(''), schema]);
/** An address the app sends traders to: https only, so nobody on the way can swap the page. */
const httpsUrl = z
  .string()
  .trim()
  .url()
  .max(500)
  .refine((v) => v.startsWith('https://'));

/** The settings operators edit here and how each value is checked. */
const RULES = {
  service_link: blankOr(z.union([httpsUrl, z.string().regex(/^\/[\w\-/]{0,200}$/)])),
  service_link_type: oneOf('1', '2'),
  verify_reg_type: oneOf('1', '2'),
  trade_fee_type: oneOf('1', '2'),
  is_show_mobile: oneOf('1', '3'),
  margin_call_level: percent,
  stop_out_level: percent,
  negative_balance_protection: oneOf('0', '1'),
  demo_initial_balance: blankOr(
    z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,2})?$/),
  ),
  company_mode: oneOf('0', '1'),
  company_status: z.string().regex(/^\d{1,3}$/),
  company_loss_url: blankOr(httpsUrl),
  restricted_countries: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2}(,[A-Z]{2})*)?$/),
  complaint_email: blankOr(z.string().trim().email().max(254)),
} satisfies Partial<Record<SettingKey, z.ZodType<string>>>;

const settingsInput = z.object(RULES).partial();

/** Platform settings: admins read and change them; each change is audited with its old value. */
export function adminSettingsRoutes(app: FastifyInstance, { database: { db } }: Deps): void {
  adminRoute(
    app,
    db,
    { method: 'GET', path: '/admin/api/settings', roles: ['admin'] },
    z.object({}),
    async () => readSettings(db),
  );

  adminRoute(
    app,
    db,
    { method: 'POST', path: '/admin/api/settings', roles: ['admin'] },
    settingsInput,
    async ({ operator, input }) =>
      db
        .transaction(async (tx) => {
          const before = await readSettings(tx);
          const after = { ...before, ...input };
          // Stop-out must trigger below the margin call, or the call would never be seen.
          if (dec(after.stop_out_level).greaterThanOrEqualTo(after.margin_call_level)) {
            throw invalidInput('stop_out_level');
          }
          const changed = (Object.keys(input) as (keyof typeof RULES)[]).filter(
            (key) => before[key] !== after[key],
          );
          for (const key of changed) {
            await tx
              .insert(settings)
              .values({ key, value: after[key] })
              .onConflictDoUpdate({
                target: settings.key,
                set: { value: after[key], updatedAt: new Date() },
              });
          }
          if (changed.length > 0) {
            await audit(tx, {
              operatorId: operator.id,
              action: 'settings.update',
              targetType: 'settings',
              before: Object.fromEntries(changed.map((k) => [k, before[k]])),
              after: Object.fromEntries(changed.map((k) => [k, after[k]])),
            });
          }
          return after;
        })
        .then(async (after) => {
          // This node's pages may frame the new support link at once; the others within half a minute.
          await supportFraming(db).refresh();
          return after;
        }),
  );
}
