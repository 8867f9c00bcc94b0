/**
 * Every call of SPEC.md §7, as data. The server registers a route for each one (a call whose capability
 * has not landed answers "not available yet"); the web client builds its typed functions from it.
 */
export type Method = 'GET' | 'POST' | 'DELETE';
/** Who may call: anyone, anyone (user read when signed in), any signed-in user, or real (non-demo) users only. */
export type Access = 'public' | 'optional' | 'user' | 'real';

export interface ApiCall {
  method: Method;
  path: string;
  access: Access;
}

// Literal method and path: a client finds a call's endpoint, and so its input and answer types, by them.
const call = <M extends Method, P extends string, A extends Access>(method: M, path: P, access: A) => ({
  method,
  path,
  access,
});

export const api = {
  areaList: call('GET', '/api/default/area_list', 'public'),
  login: call('POST', '/api/user/loginForU', 'public'),
  logout: call('POST', '/api/user/logout', 'user'),
  createDemo: call('GET', '/api/user/createAccountDemoForU', 'public'),
  getCompany: call('GET', '/api/company/getCompany', 'public'),
  getCompanyStatus: call('GET', '/api/company/getCompanyStatus', 'public'),
  imageUpload: call('POST', '/api/common/image_upload', 'real'),
  sendEmail: call('POST', '/api/notify/send_email', 'optional'),
  sendSms: call('POST', '/api/notify/send_sms', 'optional'),
  forgetPassword: call('POST', '/api/user/forget_password', 'public'),
  basicInfo: call('GET', '/api/basicSet/getBasicInfo', 'public'),
  captcha: call('GET', '/api/captcha', 'public'),
  newsList: call('GET', '/api/news/list', 'public'),
  newsInfo: call('GET', '/api/news/info', 'public'),
  complaintEmail: call('GET', '/api/default/complaint_email', 'public'),
  userInfo: call('GET', '/api/user/info', 'user'),
  balance: call('GET', '/v1/api/main/wallet/getBalance', 'user'),
  amendPassword: call('POST', '/api/user/amend_password', 'real'),
  register: call('POST', '/api/user/register', 'public'),
  realName: call('POST', '/api/user_real/real_name', 'real'),
  realNameCenter: call('GET', '/api/user_real/center', 'real'),
  setting: call('GET', '/api/default/setting', 'public'),
  resetDemo: call('GET', '/v1/api/main/user/resetForexDemoAccount', 'user'),
  tradeList: call('GET', '/v1/api/forex/trade_list', 'public'),
  abbreviatedKline: call('GET', '/v1/api/forex/abbreviated_cache_kline', 'public'),
  kline: call('GET', '/v1/api/forex/kline', 'public'),
  searchInstrument: call('GET', '/v1/api/forex/search', 'public'),
  submitOrder: call('GET', '/v1/api/forex/submit', 'user'),
  myDeal: call('GET', '/v1/api/forex/my_deal', 'user'),
  closeOrder: call('GET', '/v1/api/forex/close', 'user'),
  cancelOrder: call('GET', '/v1/api/forex/cancel_trade', 'user'),
  /** Closes every held position, or those of one instrument (forex_id), or only the winners or losers (which). */
  closeAll: call('GET', '/v1/api/forex/close_all', 'user'),
  setStopPrice: call('GET', '/v1/api/forex/set_stop_price', 'user'),
  followList: call('GET', '/api/follow/list', 'public'),
  /** Whether the caller is listed on the leaderboard: {on}. */
  followOptInState: call('GET', '/api/follow/opt_in', 'real'),
  /** Joins or leaves the leaderboard: on = 1 or 0. */
  followOptIn: call('POST', '/api/follow/opt_in', 'real'),
  /** A strategy provider's page: figures over time, open positions, followers. */
  copyProvider: call('GET', '/v1/api/copy/provider', 'optional'),
  /** Starts copying a provider: {provider_id, allocation, stop_percent}. */
  copyStart: call('POST', '/v1/api/copy/start', 'user'),
  /** The providers the caller copies (and copied), with their results. */
  copyList: call('GET', '/v1/api/copy/list', 'user'),
  /** One copy relationship: its figures and what was copied or could not be. */
  copyDetail: call('GET', '/v1/api/copy/detail', 'user'),
  /** Stops copying: {id, close} closes the copied positions (close = 1) or keeps them. */
  copyStop: call('POST', '/v1/api/copy/stop', 'user'),
  /** The trader's app preferences: one-tap trading, the chart's type, period and indicators. */
  getPreferences: call('GET', '/v1/api/preferences', 'user'),
  /** Changes some preferences: {one_tap, chart_type, chart_period, chart_indicators}. */
  setPreferences: call('POST', '/v1/api/preferences', 'user'),
  /** The caller's favourite instruments (forex_id), in order. */
  watchlist: call('GET', '/v1/api/watchlist', 'user'),
  /** Adds an instrument to the watchlist: {forex_id}. */
  watchlistAdd: call('POST', '/v1/api/watchlist/add', 'user'),
  /** Takes an instrument off the watchlist: {forex_id}. */
  watchlistRemove: call('POST', '/v1/api/watchlist/remove', 'user'),
  /** Reorders the watchlist: {forex_ids} comma-separated, first to last. */
  watchlistOrder: call('POST', '/v1/api/watchlist/order', 'user'),
  /** The caller's price alerts, waiting and fired. */
  alertList: call('GET', '/v1/api/alerts', 'user'),
  /** Sets a price alert: {forex_id, price, direction above|below, note}. */
  alertCreate: call('POST', '/v1/api/alerts', 'user'),
  /** Deletes one of the caller's alerts: {id}. */
  alertDelete: call('POST', '/v1/api/alerts/delete', 'user'),
  /** The caller's notifications, a page at a time, with the unread count. */
  notificationList: call('GET', '/v1/api/notifications', 'user'),
  /** Marks one notification read ({id}) or all of them ({all: 1}). */
  notificationRead: call('POST', '/v1/api/notifications/read', 'user'),
  /** The server's VAPID public key for Web Push. */
  pushKey: call('GET', '/v1/api/push/key', 'user'),
  /** Stores this browser's push subscription: {endpoint, p256dh, auth}. */
  pushSubscribe: call('POST', '/v1/api/push/subscribe', 'user'),
  /** Forgets a push subscription: {endpoint}. */
  pushUnsubscribe: call('POST', '/v1/api/push/unsubscribe', 'user'),
  /** The caller's invite code and how many accounts registered with it (real accounts: SPEC.md §6 closes invite to demo). */
  inviteInfo: call('GET', '/api/user/invite_info', 'real'),
  categories: call('GET', '/v1/api/forex/getCategories', 'public'),
  chargeInfo: call('GET', '/api/quickCharge/info', 'real'),
  chargeSubmit: call('GET', '/api/quickCharge/submit', 'real'),
  wireSubmit: call('GET', '/api/quickCharge/wire_submit', 'real'),
  /** The trader's deposit requests, newest first, with their status and the operator's reason when refused. */
  chargeList: call('GET', '/api/quickCharge/list', 'real'),
  forexDetail: call('GET', '/v1/api/main/account/forexDetail', 'user'),
  ledger: call('GET', '/v1/api/main/accountLog/forexChange', 'user'),
  /** The ledger as a file (format=csv), with the ledger's filters. */
  ledgerExport: call('GET', '/v1/api/main/accountLog/export', 'user'),
  /** The order history as a file (format=csv), with its filters. */
  historyExport: call('GET', '/v1/api/forex/history_export', 'user'),
  /** Balance at each day's end and the daily equity snapshots, the last 90 days: [{day, balance, equity}]. */
  accountHistory: call('GET', '/v1/api/main/account/history', 'user'),
  drawSymbolList: call('GET', '/api/account/draw_symbol_list', 'real'),
  draw: call('POST', '/api/account/draw', 'real'),
  drawList: call('GET', '/api/account/draw_list', 'real'),
  getDrawMethod: call('GET', '/api/wallet/get_draw_method', 'real'),
  bindDrawMethod: call('POST', '/api/wallet/bind_draw_method', 'real'),
  delDrawMethod: call('POST', '/api/wallet/del_draw_method', 'real'),
  /** The devices signed in to the account: [{id, ip, user_agent, created_at, last_seen_at, current}]. */
  sessionList: call('GET', '/api/user/sessions', 'user'),
  /** Signs one of them out: {id}. */
  sessionRevoke: call('POST', '/api/user/sessions/revoke', 'user'),
  /** Signs out every device but this one. */
  sessionRevokeOthers: call('POST', '/api/user/sessions/revoke_others', 'user'),
  /** A new authenticator secret for the trader's second factor: {secret, uri}. */
  totpSetup: call('POST', '/api/user/totp/setup', 'real'),
  /** Turns the second factor on with a code from the new secret: {code}. */
  totpEnable: call('POST', '/api/user/totp/enable', 'real'),
  /** Turns it off with a current code: {code}. */
  totpDisable: call('POST', '/api/user/totp/disable', 'real'),
} as const satisfies Record<string, ApiCall>;

export type ApiName = keyof typeof api;
