import { createServer, type Socket } from 'node:net';
import { api, Code } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/accounts/schema';
import { listenOnLoopback, startTestApp, type TestApp } from './harness';

/** A stand-in mail server: just enough SMTP to take a message, each one recorded with its envelope. */
const mails: { from: string; to: string; data: string }[] = [];
const relay = createServer((socket: Socket) => {
  const mail = { from: '', to: '', data: '' };
  let inData = false;
  let buffered = '';
  socket.write('220 relay.test ESMTP\r\n');
  socket.on('data', (chunk) => {
    buffered += chunk.toString('utf8');
    for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (inData) {
        if (line === '.') {
          inData = false;
          mails.push({ ...mail });
          socket.write('250 queued\r\n');
        } else mail.data += `${line}\n`;
      } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 relay.test\r\n');
      else if (/^MAIL FROM:/i.test(line)) {
        mail.from = line.slice(10);
        socket.write('250 ok\r\n');
      } else if (/^RCPT TO:/i.test(line)) {
        mail.to = line.slice(8);
        socket.write('250 ok\r\n');
      } else if (/^DATA/i.test(line)) {
        inData = true;
        socket.write('354 go on\r\n');
      } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
      else socket.write('250 ok\r\n');
    }
  });
});

let app: TestApp;

beforeAll(async () => {
  const port = await listenOnLoopback(relay);
  app = await startTestApp({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Meridian <codes@meridian.test>',
  });
});
afterAll(async () => {
  await app?.close();
  relay.close();
});

describe('e-mail through SMTP', () => {
  it('sends the sign-up code from the configured sender, and nothing to the outbox', async () => {
    const sent = await app.call('POST', api.sendEmail.path, {
      form: { to: 'smtp-reader@example.com', type: 1 },
    });
    expect(sent.body.code).toBe(Code.OK);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: '<codes@meridian.test>', to: '<smtp-reader@example.com>' });
    expect(mails[0]!.data).toMatch(/\b\d{6}\b/);
    const kept = await app.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'smtp-reader@example.com'));
    expect(kept).toEqual([]);
  });
});
