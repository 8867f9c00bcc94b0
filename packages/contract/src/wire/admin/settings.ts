import { z } from 'zod';
import { adminEndpoint } from '../../endpoint';

const oneOf = <const T extends readonly [string, ...string[]]>(...values: T) => z.enum(values);
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

/** The settings operators edit and how each value is checked. */
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
  payment_page_url: blankOr(httpsUrl),
  restricted_countries: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2}(,[A-Z]{2})*)?$/),
  complaint_email: blankOr(z.string().trim().email().max(254)),
};
export type SettingName = keyof typeof RULES;

/** Every platform setting as stored (a key nobody has set yet has its default), as text. */
const settingsView = z.object(
  Object.fromEntries(Object.keys(RULES).map((key) => [key, z.string()])) as Record<SettingName, z.ZodString>,
);
export type AdminSettings = z.infer<typeof settingsView>;

/** Platform settings: admins read and change them; each change is audited with its old value. */
export const adminSettingsEndpoints = {
  settings: adminEndpoint(
    { method: 'GET', path: '/admin/api/settings', roles: ['admin'] },
    { summary: 'Every platform setting, as text', input: z.object({}), answer: settingsView },
  ),
  saveSettings: adminEndpoint(
    { method: 'POST', path: '/admin/api/settings', roles: ['admin'] },
    {
      summary:
        'Changes the settings given (stop-out below the margin call); answers them all. A new payment page URL sends deposits somewhere new: it is filed for a second operator (request_id)',
      input: z.object(RULES).partial(),
      answer: settingsView.extend({ request_id: z.number().int().optional() }),
    },
  ),
};
