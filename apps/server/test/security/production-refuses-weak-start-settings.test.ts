import { randomBytes } from 'node:crypto';
import { Code } from '@meridian/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { FIRST_PASSWORD_PLACEHOLDER } from '../../src/config/first-password';
import { startTestApp, type TestApp } from '../harness';

/** Production as the README deploys it, with strong values made for this run. */
const strong = {
  DATABASE_URL: 'postgres://u@127.0.0.1:1/meridian',
  OPERATOR_PASSWORD: randomBytes(18).toString('base64url'),
  SECRET_KEY: randomBytes(32).toString('hex'),
  OUTBOX_ONLY: 'true',
};

describe('anyone taking the first operator with a guessable OPERATOR_PASSWORD (issue 46, finding 2)', () => {
  it.each([
    ['the README’s old example', 'change-me', /fewer than 16/],
    ['one character', 'x', /fewer than 16/],
    ['the README’s placeholder, pasted as it is', FIRST_PASSWORD_PLACEHOLDER, /placeholder/],
    ['one character repeated', 'a'.repeat(24), /pattern/],
    ['a sequence', 'abcdefghijklmnopqrstuvwxyz', /pattern/],
    ['digits counted up', '12345678901234567890', /pattern/],
    ['a word written twice', 'passwordpassword', /pattern/],
    ['a common password made long', 'Password1234567890!', /"password"/],
    ['a common password in look-alike letters', 'P@ssw0rd-2026-Summer', /"password"/],
    ['a keyboard walk', 'qwertyuiop[]asdfgh', /"qwerty"/],
    ['this product’s name and role', 'meridian-operator-2026', /"operator"|"meridian"/],
    ['the test suites’ old value', 'test-operator-password', /"operator"|"password"/],
  ])('refuses to start production with %s', (_what, password, reason) => {
    expect(() => loadConfig({ ...strong, OPERATOR_PASSWORD: password })).toThrow(reason);
    expect(() => loadConfig({ ...strong, OPERATOR_PASSWORD: password })).toThrow(
      /OPERATOR_PASSWORD is too easy to guess/,
    );
  });

  it('refuses a weak OPERATOR_PASSWORD in the embedded mode too, where it would be the same first password', () => {
    expect(() => loadConfig({ OPERATOR_PASSWORD: 'change-me' })).toThrow(
      /OPERATOR_PASSWORD is too easy to guess/,
    );
  });

  describe('with strong values', () => {
    let t: TestApp | undefined;
    afterAll(() => t?.close());

    it('starts, and the first operator signs in with the password it was given', async () => {
      const config = loadConfig(strong);
      expect(config.operatorPassword).toBe(strong.OPERATOR_PASSWORD);
      t = await startTestApp({ operatorPassword: config.operatorPassword, secretKey: config.secretKey });
      const res = await t.http.inject({
        method: 'POST',
        url: '/admin/api/login',
        remoteAddress: '10.46.2.1',
        headers: { lang: 'en' },
        payload: { email: t.config.operatorEmail, password: strong.OPERATOR_PASSWORD },
      });
      expect(res.json().code).toBe(Code.OK);
    });
  });
});

describe('a secret key anyone could write down (issue 46, low)', () => {
  const sequential = Buffer.from(Array.from({ length: 32 }, (_, i) => i)).toString('hex');
  const halfTwice = randomBytes(16).toString('hex').repeat(2);
  it.each([
    ['64 zeros', '0'.repeat(64)],
    ['one byte 32 times', 'ab'.repeat(32)],
    ['two bytes in turn', 'de4d'.repeat(16)],
    ['bytes counted up', sequential],
    ['half a key written twice', halfTwice],
    ['32 zero bytes in base64', Buffer.alloc(32).toString('base64')],
  ])('refuses to start with %s as SECRET_KEY', (_what, key) => {
    expect(() => loadConfig({ ...strong, SECRET_KEY: key })).toThrow(/SECRET_KEY is not random/);
  });

  it('takes 32 random bytes, in hex or in base64', () => {
    const key = randomBytes(32);
    expect(loadConfig({ ...strong, SECRET_KEY: key.toString('hex') }).secretKey).toEqual(key);
    expect(loadConfig({ ...strong, SECRET_KEY: key.toString('base64') }).secretKey).toEqual(key);
  });
});

describe('NODE_ENV=production running as a demo (issue 46, low)', () => {
  it('refuses the embedded database', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/NODE_ENV=production needs DATABASE_URL/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        OPERATOR_PASSWORD: strong.OPERATOR_PASSWORD,
        SECRET_KEY: strong.SECRET_KEY,
      }),
    ).toThrow(/NODE_ENV=production needs DATABASE_URL/);
  });

  it('with DATABASE_URL, applies every production refusal', () => {
    const { OPERATOR_PASSWORD: _, ...noPassword } = strong;
    expect(() => loadConfig({ ...noPassword, NODE_ENV: 'production' })).toThrow(
      /OPERATOR_PASSWORD must be set/,
    );
    expect(() => loadConfig({ ...strong, NODE_ENV: 'production', OUTBOX_ONLY: 'false' })).toThrow(
      /SMTP_URL or SMS_URL/,
    );
    expect(loadConfig({ ...strong, NODE_ENV: 'production' }).databaseUrl).toBe(strong.DATABASE_URL);
  });

  it('leaves the demo alone without NODE_ENV=production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).databaseUrl).toBeUndefined();
  });
});
