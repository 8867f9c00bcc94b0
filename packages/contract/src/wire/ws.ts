import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../alerts';
import { Code } from '../codes';
import { dayMarketMessage, dayMarketSnapshotMessage, klineMessage } from './market';
import { accountPush } from './trading';

/** What a client sends on the websocket (SPEC.md §7): a discriminated union by type. */
export const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('sub'), params: z.string() }),
  z.object({ type: z.literal('unsub'), params: z.string() }),
  z.object({ type: z.literal('login'), params: z.string() }),
  z.object({ type: z.literal('logout'), params: z.unknown().optional() }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

const ok = z.literal(Code.OK);

/** The live account push of a signed-in connection, after every tick that moves its positions. */
export const forexTradeMessage = z.object({
  type: z.literal('FOREX_TRADE'),
  code: ok,
  quotation: accountPush,
});
/** The ids of the account's positions that just closed (by a stop, a stop-out or elsewhere). */
export const forexClosedMessage = z.object({
  type: z.literal('FOREX_CLOSED'),
  code: ok,
  quotation: z.array(z.number().int()),
});
/** The ids of the account's pending orders that just filled: they are holding positions now. */
export const forexFilledMessage = z.object({
  type: z.literal('FOREX_FILLED'),
  code: ok,
  quotation: z.array(z.number().int()),
});
/** A notification of the signed-in account just arrived (an alert fired, a stop hit…): its id and the unread count. */
export const notificationMessage = z.object({
  type: z.literal('NOTIFICATION'),
  code: ok,
  quotation: z.object({
    id: z.number().int(),
    kind: z.enum(NOTIFICATION_KINDS),
    unread: z.number().int(),
  }),
});
export type NotificationMessage = z.infer<typeof notificationMessage>;
export type ForexTradeMessage = z.infer<typeof forexTradeMessage>;
export type ForexClosedMessage = z.infer<typeof forexClosedMessage>;
export type ForexFilledMessage = z.infer<typeof forexFilledMessage>;

const answer = <T extends string>(type: T) =>
  z.object({
    type: z.literal(type),
    code: z.number().int(),
    msg: z.string().optional(),
    params: z.string().optional(),
  });

/** What the server sends: answers to the client's messages and the pushes of the topics it follows. */
export const serverMessage = z.discriminatedUnion('type', [
  answer('pong'),
  answer('sub'),
  answer('unsub'),
  answer('login_result'),
  answer('logout_result'),
  answer('error'),
  dayMarketMessage,
  dayMarketSnapshotMessage,
  klineMessage,
  forexTradeMessage,
  forexClosedMessage,
  forexFilledMessage,
  notificationMessage,
]);
export type ServerMessage = z.infer<typeof serverMessage>;

interface Described {
  summary: string;
  schema: z.ZodType;
}

/** The client's messages as the AsyncAPI document lists them. */
export const clientMessages: Record<string, Described> = {
  pingText: {
    summary: 'The text frame `ping`, every 5 s: answered by the text frame `pong`',
    schema: z.literal('ping'),
  },
  ping: { summary: 'A ping as JSON: answered by {type: pong}', schema: clientMessage.options[0] },
  sub: {
    summary:
      'Follow a topic: DAY_MARKET (every instrument, every tick), DAY_MARKET:<symbol> (one instrument), DAY_MARKET_SNAPSHOT (every instrument, at most once a second) or KLINE:<symbol>:<period>',
    schema: clientMessage.options[1],
  },
  unsub: { summary: 'Stop following a topic', schema: clientMessage.options[2] },
  login: {
    summary: 'Sign the connection in with the session token: the account pushes follow',
    schema: clientMessage.options[3],
  },
  logout: { summary: 'Sign the connection out', schema: clientMessage.options[4] },
};

/** The server's messages as the AsyncAPI document lists them. */
export const serverMessages: Record<string, Described> = {
  pongText: { summary: 'The text frame `pong`, answering `ping`', schema: z.literal('pong') },
  pong: { summary: 'Answers a JSON ping', schema: answer('pong') },
  subResult: {
    summary: 'Answers sub: code 1, or 1001 for an unknown topic (msg says so)',
    schema: answer('sub'),
  },
  unsubResult: { summary: 'Answers unsub', schema: answer('unsub') },
  loginResult: {
    summary:
      'Answers login: code 1, or 999 when the token is not a live session; also sent unasked when the session ends',
    schema: answer('login_result'),
  },
  logoutResult: { summary: 'Answers logout', schema: answer('logout_result') },
  error: { summary: 'A message that is not JSON of a known type: code 1001', schema: answer('error') },
  dayMarket: {
    summary: 'A quote of one instrument, on DAY_MARKET and on DAY_MARKET:<symbol>',
    schema: dayMarketMessage,
  },
  dayMarketSnapshot: {
    summary:
      'On DAY_MARKET_SNAPSHOT, at most once a second: the latest quote of each instrument that ticked since the last one, for a screen listing the market',
    schema: dayMarketSnapshotMessage,
  },
  kline: {
    summary: 'The forming bar of one instrument and period, on KLINE:<symbol>:<period>',
    schema: klineMessage,
  },
  forexTrade: {
    summary: 'The signed-in account’s figures and open positions, after a tick moves them',
    schema: forexTradeMessage,
  },
  forexClosed: { summary: 'Positions of the signed-in account that closed', schema: forexClosedMessage },
  forexFilled: {
    summary: 'Pending orders of the signed-in account that filled and are holding now',
    schema: forexFilledMessage,
  },
  notification: {
    summary:
      'A new notification of the signed-in account (its id, kind and the unread count): the app updates its bell',
    schema: notificationMessage,
  },
};
