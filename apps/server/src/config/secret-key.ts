import { patterned } from '@meridian/contract';

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
