import type { ForexTradeMessage } from '@meridian/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Channel, type UserEvent } from '../../src/bus/channels';
import { notifications } from '../../src/notifications/schema';
import { type Desk, desk, type Trader } from '../desk';
import { startTestApp, type TestApp, WATCHED } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

// Issue 50: account figures go only to traders with the app open; state changes reach everyone.
describe('two traders hold the same EURUSD buy into a margin call, one with the app open', () => {
  it('pushes figures to the one watching only, on their node’s channel, and tells each of the margin call once', async () => {
    d.tick('EURUSD', '1.10000');
    const watching = await d.trader('700');
    const away = await d.trader('700');
    const order = { type: 1, cont: '0.5', forex_id: d.id('EURUSD'), multiple: 100 };
    for (const { token } of [watching, away]) expect((await d.submit(token, order)).code).toBe(1);
    t.watch(watching.id);
    const pushed = new Map<number, ForexTradeMessage['quotation'][]>();
    // Every channel an account push may take: the one every node reads, and the watching node's own.
    let onEveryNode = 0;
    const offs = [Channel.user, WATCHED].map((channel) =>
      t.bus.subscribe(channel, (e) => {
        const { userId, message } = e as UserEvent;
        if (message.type !== 'FOREX_TRADE') return;
        pushed.set(userId, [...(pushed.get(userId) ?? []), message.quotation]);
        if (channel === Channel.user) onEveryNode++;
      }),
    );
    // About −175 on 550 of margin: equity near 525, a risk rate near 95 % (a margin call, not a stop-out at 50 %).
    d.tick('EURUSD', '1.09650');
    await d.settled();
    d.tick('EURUSD', '1.09640');
    await d.settled();
    await t.notices.settled();
    for (const off of offs) off();

    expect(pushed.get(watching.id)?.at(-1)?.MarginCall).toBe(true);
    expect(pushed.has(away.id)).toBe(false);
    // On the watching node's channel alone: the other nodes never read them.
    expect(onEveryNode).toBe(0);
    const told = async ({ id }: Trader) =>
      t.database.db
        .select({ kind: notifications.kind })
        .from(notifications)
        .where(and(eq(notifications.userId, id), eq(notifications.kind, 'margin_call')));
    expect(await told(watching)).toHaveLength(1);
    expect(await told(away)).toHaveLength(1);
  });
});
