import { createServer, type IncomingMessage } from 'node:http';
import { api, Code } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback, startTestApp, type TestApp } from './harness';

/** A stand-in SMS provider: records each request and answers with the status the test sets. */
const received: { auth?: string; body: { to: string; text: string } }[] = [];
let answer = 200;
const provider = createServer(async (req: IncomingMessage, res) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  received.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
  res.writeHead(answer).end();
});

let app: TestApp;
let areaGb: number;

beforeAll(async () => {
  const port = await listenOnLoopback(provider);
  app = await startTestApp({ smsUrl: `http://127.0.0.1:${port}/sms`, smsToken: 'provider-secret' });
  const areas = await app.call('GET', api.areaList.path);
  areaGb = areas.body.data.find((a: { code: string }) => a.code === 'GB').id;
});
afterAll(async () => {
  await app?.close();
  provider.close();
});

describe('SMS through a provider webhook', () => {
  it('posts the code to the provider with its token, in the caller language', async () => {
    const sent = await app.call('POST', api.sendSms.path, {
      form: { to: '07700 900456', area_id: areaGb, type: 1 },
      lang: 'fr',
    });
    expect(sent.body.code).toBe(Code.OK);
    expect(received.at(-1)).toMatchObject({ auth: 'Bearer provider-secret', body: { to: '+447700900456' } });
    expect(received.at(-1)?.body.text).toMatch(/\b\d{6}\b/);
    expect(received.at(-1)?.body.text).not.toMatch(/verification code is/);
  });

  it('says the code could not be sent when the provider fails, and does not count it against the wait', async () => {
    answer = 503;
    const failed = await app.call('POST', api.sendSms.path, {
      form: { to: '07700 900789', area_id: areaGb, type: 1 },
    });
    expect(failed.body.code).not.toBe(Code.OK);
    expect(failed.status).toBeLessThan(500);
    expect(failed.body.msg).toBeTruthy();
    answer = 200;
    const retried = await app.call('POST', api.sendSms.path, {
      form: { to: '07700 900789', area_id: areaGb, type: 1 },
    });
    expect(retried.body.code).toBe(Code.OK);
  });
});
