import { randomBytes, randomUUID } from 'node:crypto';
import { api, Code } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const createDemo = (demoId: string) =>
  t.call('GET', api.createDemo.path, { query: { demo_id: demoId }, ip: '10.46.5.1' });

/** Whoever writes a device's id has its demo account: an id a person or a counter would write is refused. */
describe('taking a demo account by guessing its device id (issue 46, low)', () => {
  it.each([
    ['the alphabet', 'abcdefghijklmnopqrst'],
    ['the alphabet backwards', 'zyxwvutsrqponmlkjihgfedcba'],
    ['letters in pairs', 'aabbccddeeffgghhiijjkk'],
    ['letters and digits in turn', 'a1b2c3d4e5f6g7h8i9j0'],
    ['hex digits counted up twice', '0123456789abcdef0123456789abcdef'],
    ['a part written three times', 'Xq7mK2pZ-Xq7mK2pZ-Xq7mK2pZ'],
  ])('refuses %s', async (_what, guessable) => {
    const res = await createDemo(guessable);
    expect(res.body).toMatchObject({ code: Code.INVALID_INPUT, msg: 'Invalid value for demo_id' });
  });

  it('takes the random ids clients send: a uuid, 32 hex digits, a prefixed random id', async () => {
    for (const id of [
      randomUUID(),
      randomBytes(16).toString('hex'),
      `fault-${randomBytes(16).toString('hex')}`,
    ]) {
      expect((await createDemo(id)).body.code).toBe(Code.OK);
    }
  });
});
