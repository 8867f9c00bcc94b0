import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { patterned } from '@meridian/contract';

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
 * SECRET_KEY as 32 bytes, written as 64 hex digits or 43-44 base64 characters. A key a person made up
 * (64 zeros, 'ab' 32 times, 00 01 02 …, half of it twice) is refused: 32 random bytes have about 30
 * different values and as many different steps between neighbours, and repeat nothing.
 */
export function parseSecretKey(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes: 64 hex digits or base64');
  if (patterned([...key], 16)) {
    throw new Error(
      'SECRET_KEY is not random (a repeated or sequential pattern): make one with `openssl rand -hex 32`',
    );
  }
  return key;
}

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
