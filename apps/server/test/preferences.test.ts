import { api, Code } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desk } from './desk';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const get = (token: string) => t.call('GET', api.getPreferences.path, { token });
const set = (token: string, form: Record<string, string>) =>
  t.call('POST', api.setPreferences.path, { token, form });

describe("a trader's preferences follow them to every device", () => {
  it('starts with a confirmation before market orders and 15-minute candles', async () => {
    const trader = await desk(t).trader();
    expect((await get(trader.token)).body).toMatchObject({
      code: Code.OK,
      data: { one_tap: false, chart_type: 'candles', chart_period: '15min', chart_indicators: [] },
    });
  });

  it('turns on one-tap trading and keeps the chart as it was left, changing only what is sent', async () => {
    const trader = await desk(t).trader();
    await set(trader.token, { one_tap: '1' });
    await set(trader.token, { chart_type: 'line', chart_period: '60min', chart_indicators: 'ema,rsi,ema' });
    const after = await set(trader.token, { chart_period: '5min' });
    expect(after.body.data).toEqual({
      one_tap: true,
      chart_type: 'line',
      chart_period: '5min',
      chart_indicators: ['ema', 'rsi'],
    });
    expect((await get(trader.token)).body.data).toEqual(after.body.data);
    await set(trader.token, { chart_indicators: '' });
    expect((await get(trader.token)).body.data.chart_indicators).toEqual([]);
  });

  it('refuses an unknown chart type, period or indicator and changes nothing', async () => {
    const trader = await desk(t).trader();
    await set(trader.token, { chart_type: 'area' });
    const junks: Record<string, string>[] = [
      { chart_type: 'renko' },
      { chart_period: '2min' },
      { chart_indicators: 'ma,ichimoku' },
    ];
    for (const junk of junks) {
      const refused = await set(trader.token, junk);
      expect(refused.body.code).not.toBe(Code.OK);
      expect(refused.body.msg.length).toBeGreaterThan(0);
    }
    expect((await get(trader.token)).body.data).toMatchObject({ chart_type: 'area', chart_period: '15min' });
  });

  it("keeps each trader's own: one trader's choice is never another's", async () => {
    const [a, b] = [await desk(t).trader(), await desk(t).trader()];
    await set(a.token, { one_tap: 'true', chart_type: 'area' });
    expect((await get(b.token)).body.data).toMatchObject({ one_tap: false, chart_type: 'candles' });
  });
});
