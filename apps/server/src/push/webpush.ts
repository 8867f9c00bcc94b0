import {
  createCipheriv,
  createECDH,
  createPrivateKey,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  sign,
} from 'node:crypto';

/** A browser's push subscription: its push service's endpoint and its keys (base64url). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The server's VAPID key pair: the public key raw (65 bytes, base64url), the private one as a JWK. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** One record holds the whole message: payloads stay far under 4 kB. */
const RECORD_SIZE = 4096;
/** How long the push service keeps a message for a browser that is offline, in seconds. */
const TTL_S = 24 * 60 * 60;
const VAPID_TTL_S = 12 * 60 * 60;

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export function newVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const raw = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
  return { publicKey: b64(raw), privateKey: JSON.stringify(jwk) };
}

/** RFC 8291: the payload encrypted for one browser, as one aes128gcm record with its header. */
export function encryptPayload(target: Pick<PushTarget, 'p256dh' | 'auth'>, payload: Buffer): Buffer {
  const uaPublic = Buffer.from(target.p256dh, 'base64url');
  const authSecret = Buffer.from(target.auth, 'base64url');
  const ecdh = createECDH('prime256v1');
  const asPublic = ecdh.generateKeys();
  const shared = ecdh.computeSecret(uaPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const salt = randomBytes(16);
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  // 0x02: the delimiter of the last (and only) record, no padding.
  const body = Buffer.concat([cipher.update(Buffer.concat([payload, Buffer.from([2])])), cipher.final()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, body, cipher.getAuthTag()]);
}

/** RFC 8292: the Authorization header proving the server's key to the push service of `endpoint`. */
export function vapidAuthorization(
  endpoint: string,
  keys: VapidKeys,
  subject: string,
  nowMs: number,
): string {
  const header = b64(JSON.stringify({ typ: 'JWT', alg: 'ES256' }));
  const claims = b64(
    JSON.stringify({
      aud: new URL(endpoint).origin,
      exp: Math.floor(nowMs / 1000) + VAPID_TTL_S,
      sub: subject,
    }),
  );
  const key = createPrivateKey({ key: JSON.parse(keys.privateKey), format: 'jwk' });
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${header}.${claims}.${b64(signature)}, k=${keys.publicKey}`;
}

/** The request that hands an encrypted message to a browser's push service. */
export function pushRequest(
  target: PushTarget,
  keys: VapidKeys,
  subject: string,
  payload: unknown,
  nowMs: number,
) {
  return {
    method: 'POST',
    headers: {
      authorization: vapidAuthorization(target.endpoint, keys, subject, nowMs),
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: String(TTL_S),
      urgency: 'high',
    },
    body: encryptPayload(target, Buffer.from(JSON.stringify(payload))),
  };
}
