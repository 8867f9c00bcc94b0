import { api, Code, type ServerMessage } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Channel, type UserEvent } from '../src/bus/channels';
import { users } from '../src/db/schema';
import { createSession } from '../src/http/sessions';
import { post } from '../src/ledger/post';
import { lastCode } from './codes';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('a pending order that fills is pushed to its trader', () => {
  it('sends FOREX_FILLED with its id when it fills, and FOREX_CLOSED when its stop-loss closes it', async () => {
    const [user] = await t.database.db
      .insert(users)
      .values({ uid: 'gap00001', loginType: 'email', email: 'gaps@example.com', inviteCode: 'gaps1' })
      .returning();
    await t.database.db.transaction((tx) =>
      post(tx, { userId: user!.id, account: 'balance', type: 'deposit', amount: '10000' }),
    );
    const token = await createSession(t.database.db, user!.id);
    const pushes: ServerMessage[] = [];
    const off = t.bus.subscribe(Channel.user, (e) => {
      const event = e as UserEvent;
      // The account pushes and the notification centre's NOTIFICATION are not what this test is about.
      const other = event.message.type === 'FOREX_TRADE' || event.message.type === 'NOTIFICATION';
      if (event.userId === user!.id && !other) pushes.push(event.message);
    });
    const tick = (price: string) => {
      t.clock.set(t.clock.now() + 1000);
      t.quote('EURUSD', price);
    };
    const settled = async () => {
      await t.engine.idle();
      await t.engine.sweep();
      await t.engine.idle();
    };

    tick('1.10000');
    const placed = await t.call('GET', api.submitOrder.path, {
      token,
      query: {
        type: 1,
        cont: '0.1',
        forex_id: t.market.instrumentByCode('EURUSD')!.id,
        multiple: 100,
        status: 0,
        target_price: '1.09500',
        stop_loss_price: '1.09000',
        target_profit_price: 0,
      },
    });
    expect(placed.body).toMatchObject({ code: Code.OK, data: { Status: 0 } });
    const orderId: number = placed.body.data.Id;

    tick('1.09600');
    await settled();
    expect(pushes).toEqual([]);
    tick('1.09490');
    await settled();
    expect(pushes).toEqual([{ type: 'FOREX_FILLED', code: Code.OK, quotation: [orderId] }]);

    tick('1.08990');
    await settled();
    expect(pushes.at(-1)).toEqual({ type: 'FOREX_CLOSED', code: Code.OK, quotation: [orderId] });
    const history = await t.call('GET', api.myDeal.path, { token, query: { status: 3 } });
    expect(history.body.data.data[0]).toMatchObject({ Id: orderId, CloseReason: 'stop_loss' });
    off();
  });
});

describe('a phone-registered account changes its password when signed in', () => {
  it('sends the code by SMS to its own number with its area and takes it with type mobile', async () => {
    const ip = '10.77.0.1';
    const areas = await t.call('GET', api.areaList.path);
    const gb: number = areas.body.data.find((a: { code: string }) => a.code === 'GB').id;
    const phone = '+447700900777';
    const form = { type: 1, to: '07700 900777', area_id: gb };
    expect((await t.call('POST', api.sendSms.path, { form, ip })).body.code).toBe(Code.OK);
    const password = 'first-pass-1';
    const registered = await t.call('POST', api.register.path, {
      ip,
      form: {
        type: 'mobile',
        area_id: gb,
        account: '07700900777',
        password,
        re_password: password,
        sms_code: await lastCode(t, phone),
      },
    });
    expect(registered.body).toMatchObject({
      code: Code.OK,
      data: { email: '', mobile: '7700900777', area_id: gb },
    });
    const signIn = (secret: string) =>
      t.call('POST', api.login.path, {
        ip,
        form: { login_type: 'mobile', account: '07700900777', area_id: gb, password: secret },
      });
    const { token } = (await signIn(password)).body.data;

    // What /mine/password sends: the account's own number and area, for a reset code (type 2).
    const sent = await t.call('POST', api.sendSms.path, {
      token,
      ip,
      form: { type: 2, to: '7700900777', area_id: gb },
    });
    expect(sent.body).toMatchObject({ code: Code.OK, msg: 'Verification code sent' });
    const code = await lastCode(t, phone);
    // The code went to the phone: as an e-mail account's code it is no good.
    const byEmail = await t.call('POST', api.amendPassword.path, {
      token,
      form: { new_password: 'second-pass-2', auth_code: code, type: 'email' },
    });
    expect(byEmail.body.code).toBe(Code.REFUSED);
    const amended = await t.call('POST', api.amendPassword.path, {
      token,
      form: { new_password: 'second-pass-2', auth_code: code, type: 'mobile' },
    });
    expect(amended.body).toMatchObject({ code: Code.OK, msg: 'Password changed, please sign in again' });
    expect((await t.call('GET', api.userInfo.path, { token })).body.code).toBe(999);
    expect((await signIn(password)).body.code).toBe(Code.REFUSED);
    expect((await signIn('second-pass-2')).body.code).toBe(Code.OK);
  });
});
