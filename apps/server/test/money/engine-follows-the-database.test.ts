import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Channel, type UserEvent } from '../../src/bus/channels';
import { ORDER_CHANNEL } from '../../src/trading/events';
import { orders } from '../../src/trading/schema';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp, WATCHED } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

// Defect 5 of issue 18: the engine learned orders only from bus messages, which may be lost or reordered.
describe('a stale "holding" message about a position already closed', () => {
  it('does not bring the position back into the engine or into the account push', async () => {
    const { id: userId, token } = await d.trader();
    d.tick('EURUSD', '1.10000');
    const buy = await d.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('EURUSD'),
      multiple: 100,
      stop_loss_price: '1.09000',
    });
    const [holding] = await t.database.db.select().from(orders).where(eq(orders.id, buy.data.Id));
    await d.close(token, buy.data.Id);
    const triggers = t.engine.index.size;
    // The message of the order as it was when it opened arrives late, after its close.
    t.bus.publish(ORDER_CHANNEL, { order: holding });
    expect(t.engine.index.size).toBe(triggers);

    const pushed: { TransOrder: { Id: number }[] }[] = [];
    t.watch(userId);
    const off = t.bus.subscribe(WATCHED, (e) => {
      const event = e as UserEvent;
      if (event.userId === userId && event.message.type === 'FOREX_TRADE')
        pushed.push(event.message.quotation as { TransOrder: { Id: number }[] });
    });
    d.tick('EURUSD', '1.10010');
    await d.settled();
    expect(pushed.flatMap((p) => p.TransOrder.map((o) => o.Id))).not.toContain(buy.data.Id);
    off();
  });
});

describe('a change whose message was lost', () => {
  it('is picked up by the resync: a stop-loss set by another node closes the position here', async () => {
    const { token } = await d.trader();
    d.tick('EURUSD', '1.10000');
    const buy = await d.submit(token, { type: 1, cont: '0.1', forex_id: d.id('EURUSD'), multiple: 100 });
    // Written as another node would, whose bus message never arrived.
    await t.database.db.update(orders).set({ stopLoss: '1.09500' }).where(eq(orders.id, buy.data.Id));
    d.tick('EURUSD', '1.09400');
    await d.settled();
    expect((await d.order(buy.data.Id)).status).toBe(1);

    await t.engine.resync();
    d.tick('EURUSD', '1.09390');
    await d.settled();
    expect(await d.order(buy.data.Id)).toMatchObject({ status: 3, closeReason: 'stop_loss' });
  });

  it('drops a position closed by another node', async () => {
    const { id: userId, token } = await d.trader();
    d.tick('EURUSD', '1.10000');
    const buy = await d.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('EURUSD'),
      multiple: 100,
      target_profit_price: '1.20000',
    });
    const triggers = t.engine.index.size;
    await t.database.db
      .update(orders)
      .set({ status: 3, closeReason: 'operator' })
      .where(eq(orders.id, buy.data.Id));
    await t.engine.resync();
    expect(t.engine.index.size).toBe(triggers - 1);
    const pushed: unknown[] = [];
    const off = t.bus.subscribe(Channel.user, (e) => {
      if ((e as UserEvent).userId === userId) pushed.push(e);
    });
    d.tick('EURUSD', '1.10010');
    await d.settled();
    expect(pushed).toEqual([]);
    off();
  });
});
