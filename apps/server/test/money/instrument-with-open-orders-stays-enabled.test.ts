import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

const edit = (input: Record<string, unknown>) => d.operatorCall('POST', '/admin/api/instruments/edit', input);

// Defect 8 of issue 18: disabling an instrument left its positions with no price, no close and no triggers.
describe('the operator disables silver while a trader holds it and has a pending order on it', () => {
  it('is refused until nothing is open on it, then allowed', async () => {
    const { token } = await d.trader();
    d.tick('XAGUSD', '50.000');
    const silver = d.id('XAGUSD');
    const position = await d.submit(token, { type: 1, cont: '0.1', forex_id: silver, multiple: 50 });
    const pending = await d.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: silver,
      multiple: 50,
      status: 0,
      target_price: '45.000',
    });
    expect([position.code, pending.code]).toEqual([1, 1]);

    expect(await edit({ id: silver, enabled: false })).toMatchObject({
      code: 0,
      msg: 'Silver still has open positions or pending orders (2): close or cancel them first',
    });
    expect(t.market.instrument(silver)).toBeDefined();
    // Other changes to the instrument are still allowed.
    expect((await edit({ id: silver, fee_rate: '6' })).code).toBe(1);

    await d.close(token, position.data.Id);
    expect((await edit({ id: silver, enabled: false })).msg).toBe(
      'Silver still has open positions or pending orders (1): close or cancel them first',
    );
    await d.cancel(token, pending.data.Id);
    expect((await edit({ id: silver, enabled: false })).code).toBe(1);
    expect(t.market.instrument(silver)).toBeUndefined();
    expect((await edit({ id: silver, enabled: true })).code).toBe(1);
  });
});
