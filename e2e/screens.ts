// Every screen of SPEC.md §2, as the end-to-end tests visit them.

/** The routes with the bottom tab bar that a visitor may open (/order and /user have it too, signed in). */
export const FOOTER = ['/', '/trade', '/news', '/copy', '/rank'];
/** The other routes a visitor may open. */
export const PUBLIC = [
  '/feedback',
  '/login',
  '/register',
  '/forgot',
  '/product',
  '/news/detail?id=1',
  '/rank/provider?id=1',
  '/language',
];
/** The routes that need a signed-in user. */
export const LOGIN_ONLY = [
  '/order',
  '/copy/detail?id=1',
  '/user',
  '/mine',
  '/mine/auth',
  '/mine/invite',
  '/mine/email',
  '/mine/announcement',
  '/mine/password',
  '/mine/security',
  '/mine/history',
  '/mine/charge',
  '/mine/withdraw',
  '/mine/chat',
  '/mine/system',
  '/mine/wallet',
  '/mine/bank-card-list',
  '/mine/coin-address-list',
  '/mine/withdraw-way?type=1',
  '/mine/withdraw-way?type=2',
];
