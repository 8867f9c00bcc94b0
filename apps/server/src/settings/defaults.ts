/** Settings every fresh database starts with; operators change them in the back office. */
export const SETTING_DEFAULTS = {
  /** Support chat address shown in /mine/chat; by default the built-in support page. */
  service_link: '/support',
  /** 2: show the link in a copy dialog; anything else: open the chat page. */
  service_link_type: '1',
  /** 2: register with a captcha; anything else: with an SMS or e-mail code. */
  verify_reg_type: '1',
  /** 1: fee = lots × rate; anything else: fee = margin × rate. */
  trade_fee_type: '1',
  /** Register form's extra phone inputs: 1 or 3 (SPEC.md §4). */
  is_show_mobile: '1',
  /** Risk rate (%) at or below which new orders are refused. */
  margin_call_level: '100',
  /** Risk rate (%) at or below which positions are closed, largest loss first. */
  stop_out_level: '50',
  /** '1': an account left with no position and a negative balance, once its own pending orders and withdrawals have paid what they can, is topped up to zero. */
  negative_balance_protection: '1',
  /** A demo account's starting balance; blank: the DEMO_INITIAL_BALANCE environment value. */
  demo_initial_balance: '',
  /** Address of /api/default/complaint_email (/mine/email and the support page). */
  complaint_email: 'complaints@meridian.local',
  /** ISO codes of the countries whose residents are not served; only their number is ever shown. */
  restricted_countries: 'US,KP,IR,SY',
  /** '1': /product lists companies instead of instruments (company-search mode). */
  company_mode: '0',
  /** Company status: anything but '0' sends the browser to company_loss_url. */
  company_status: '0',
  company_loss_url: '',
  /** The deposit screen's external payment page (https://), '' hides its button; first set from PAYMENT_PAGE_URL. */
  payment_page_url: '',
} as const satisfies Record<string, string>;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
