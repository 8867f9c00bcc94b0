/**
 * Issue 46, low finding: the VAPID private key (which signs every Web Push) was stored in clear. It is
 * sealed as TOTP secrets are (AES-256-GCM under SECRET_KEY), and one found in clear is sealed at start.
 */
import { createPublicKey } from 'node:crypto';
import { api } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSealed } from '../../src/http/secrets';
import { sealStoredVapidKey } from '../../src/push/keys';
import { pushVapid } from '../../src/push/schema';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

const stored = async () => (await t.database.db.select().from(pushVapid))[0]!;
const publicKey = async () => {
  const who = await d.trader('100');
  return (await t.call('GET', api.pushKey.path, { token: who.token })).body.data.key as string;
};
/** The raw public key (base64url) of a private key as a JWK. */
const publicOf = (jwk: string) => {
  const { x, y } = createPublicKey({ key: JSON.parse(jwk), format: 'jwk' }).export({ format: 'jwk' });
  return Buffer.concat([
    Buffer.from([4]),
    Buffer.from(x!, 'base64url'),
    Buffer.from(y!, 'base64url'),
  ]).toString('base64url');
};

describe('the VAPID private key is sealed (issue 46)', () => {
  it('a database dump does not give the key that signs pushes', async () => {
    const key = await publicKey();
    const row = await stored();
    expect(isSealed(row.privateKey)).toBe(true);
    expect(row.privateKey).not.toContain('"d"');
    expect(publicOf(t.secrets.open(row.privateKey))).toBe(key);
  });

  it('a key an older version stored in clear is sealed at start, and stays the same key', async () => {
    const key = await publicKey();
    const clear = t.secrets.open((await stored()).privateKey);
    await t.database.db.update(pushVapid).set({ privateKey: clear });
    await sealStoredVapidKey(t.database.db, t.secrets);
    const row = await stored();
    expect(isSealed(row.privateKey)).toBe(true);
    expect(t.secrets.open(row.privateKey)).toBe(clear);
    expect(await publicKey()).toBe(key);
  });
});
