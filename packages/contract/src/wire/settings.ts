import { z } from 'zod';
import { api } from '../api';
import { Code } from '../codes';
import { endpoint } from '../endpoint';

/** SPEC.md §3 area code: `global_code` is shown as '+{global_code}'; the list's first entry is the default. */
export const areaCode = z.object({
  id: z.number().int(),
  /** ISO 3166 alpha-2, e.g. 'GB'. */
  code: z.string(),
  /** The calling code without '+', e.g. '44'. */
  global_code: z.string(),
  /** The region's name in the caller's language. */
  name: z.string(),
});
export type AreaCode = z.infer<typeof areaCode>;

/** 1 or 2, as the back office sets them (a setting's default is 1). */
const oneOrTwo = z.union([z.literal(1), z.literal(2)]);

/** SPEC.md §3 basic info. */
export const basicInfo = z.object({
  /** Support chat address (an https:// address or a path of this app). */
  service_link: z.string(),
  /** 2: show the link in a copy dialog; otherwise open the chat page. */
  service_link_type: oneOrTwo,
  /** 2: register with a captcha; otherwise with an SMS or e-mail code. */
  verify_reg_type: oneOrTwo,
  /** 1: fee = lots × rate; otherwise fee = margin × rate. */
  trade_fee_type: oneOrTwo,
  /** Where quotes come from: 'simulated' (the built-in simulator, the app says so) or 'external' (a real feed). */
  price_source: z.enum(['simulated', 'external']),
});
export type BasicInfo = z.infer<typeof basicInfo>;

export const settingsEndpoints = {
  areaList: endpoint(api.areaList, {
    summary: 'The area codes a mobile number may have, the default first',
    input: z.object({}),
    answer: z.array(areaCode),
  }),
  basicInfo: endpoint(api.basicInfo, {
    summary: 'Platform settings every screen may need: support link, sign-up check, fee type, price source',
    input: z.object({}),
    answer: basicInfo,
  }),
  setting: endpoint(api.setting, {
    summary: "One setting a visitor's app may read (is_show_mobile), as text",
    input: z.object({ key: z.string().max(64) }),
    answer: z.string(),
    errors: [Code.REFUSED],
  }),
};
