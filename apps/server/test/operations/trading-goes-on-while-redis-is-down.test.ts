import { createServer } from 'node:net';
import { api } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { hashPassword } from '../../src/http/password';
import { type Desk, desk } from '../desk';
import { listenOnLoopback, startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
const dead = createServer((socket) => socket.destroy());
beforeAll(async () => {
  // A Redis that accepts connections and drops them at once: every command fails.
  const port = await listenOnLoopback(dead);
  t = await startTestApp({ redisUrl: `redis://127.0.0.1:${port}` });
  d = desk(t);
});
afterAll(async () => {
  await t?.close();
  dead.close();
});

// Issue 49: with Redis down, sign-in and order submit failed (the throttles and the request ceilings threw).
describe('a trader on a node whose Redis has gone away', () => {
  it('signs in, buys Bitcoin and closes it: throttles count in the node meanwhile', async () => {
    const { id } = await d.trader('10000');
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('trader-pass-1') })
      .where(eq(users.id, id));
    const signedIn = await t.http.inject({
      method: 'POST',
      url: api.login.path,
      headers: { lang: 'en' },
      payload: { login_type: 'email', account: user!.email!, password: 'trader-pass-1' },
    });
    expect(signedIn.json()).toMatchObject({ code: 1 });
    const token = signedIn.json().data.token as string;
    d.tick('BTCUSD', '96000.00');
    const buy = await d.submit(token, { type: 1, cont: '0.1', forex_id: d.id('BTCUSD'), multiple: 10 });
    expect(buy).toMatchObject({ code: 1 });
    expect(await d.close(token, buy.data.Id)).toMatchObject({ code: 1 });
    // The node's own counts hold meanwhile: wrong passwords are still throttled.
    const wrong = () =>
      t.http
        .inject({
          method: 'POST',
          url: api.login.path,
          headers: { lang: 'en' },
          payload: { login_type: 'email', account: user!.email!, password: 'wrong-pass-1' },
        })
        .then((r) => r.json().code as number);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push(await wrong());
    expect(codes.at(-1)).not.toBe(codes[0]);
  }, 60_000);
});
