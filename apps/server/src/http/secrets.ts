import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseSecretKey } from '../config/secret-key';

/** Sealed values start with this: the scheme and its version, so the key or cipher can change later. */
const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Seals secrets the server must read back (TOTP seeds) with AES-256-GCM: a database dump alone does not give them. */
export interface Secrets {
  seal(plain: string): string;
  /**
   * The plain text of a sealed value; throws when it was sealed with another key or altered. A value
   * stored before sealing existed (no prefix) is read as it is, and sealed at its next write.
   */
  open(sealed: string): string;
}

export function secretsFor(key: Buffer): Secrets {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) return sealed;
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** Whether a stored value is sealed (one written before sealing existed is not). */
export const isSealed = (value: string) => value.startsWith(PREFIX);

/**
 * The key secrets are sealed with: SECRET_KEY (required in production), else the embedded database's own
 * key in DATA_DIR/secret.key, made at its first start and readable by its owner only; a test's in-memory
 * database gets one for the process.
 */
export function secretKeyFor(config: { secretKey?: Buffer; dataDir: string; memoryDb: boolean }): Buffer {
  if (config.secretKey) return config.secretKey;
  if (config.memoryDb) return randomBytes(32);
  const file = path.join(config.dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  return parseSecretKey(readFileSync(file, 'utf8').trim());
}
