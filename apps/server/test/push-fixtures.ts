import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { sessions } from '../src/db/schema';
import { hashToken } from '../src/http/sessions';
import type { TestApp } from './harness';

/** The id of a token's session: what a push subscription made with it records. */
export async function sessionIdOf(t: TestApp, token: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row!.id;
}

/** A browser's push keys, and what it takes to read what its push service is given. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  const decrypt = (body: Buffer) => {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const serverKey = body.subarray(21, 21 + idLength);
    const secret = ecdh.computeSecret(serverKey);
    const info = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey]);
    const ikm = Buffer.from(hkdfSync('sha256', secret, auth, info, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const record = body.subarray(21 + idLength);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    expect(plain.at(-1)).toBe(2);
    return JSON.parse(plain.subarray(0, -1).toString());
  };
  return { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url'), decrypt };
}

/** A local HTTP server standing in for a browser's push service: answers `status` and hands over each request. */
export async function pushService(status: number) {
  const received: { req: IncomingMessage; body: Buffer }[] = [];
  let arrived: () => void = () => {};
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ req, body: Buffer.concat(chunks) });
      res.writeHead(status).end();
      arrived();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}/push/${randomBytes(6).toString('hex')}`,
    received,
    next: () =>
      new Promise<void>((resolve) => {
        arrived = resolve;
      }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
