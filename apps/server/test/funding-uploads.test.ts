import { Code } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trader } from './admin-helpers';
import { PNG, startFundingApp, upload } from './funding-fixtures';
import type { TestApp } from './harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startFundingApp();
  token = (await trader(t, 'uploader')).token;
});
afterAll(() => t?.close());

/** A minimal JPEG and WebP header: file-type identifies them by these bytes. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(64),
]);

describe('image upload', () => {
  it('stores a real PNG, JPEG and WebP under random names and serves them only with safe headers', async () => {
    for (const [bytes, ext, mime] of [
      [PNG, 'png', 'image/png'],
      [JPEG, 'jpg', 'image/jpeg'],
      [WEBP, 'webp', 'image/webp'],
    ] as const) {
      const res = await upload(t, token, bytes, 'anything.gif');
      expect(res.code).toBe(1);
      expect(res.data!.url).toMatch(new RegExp(`^/uploads/[a-f0-9]{32}\\.${ext}$`));
      const served = await t.http.inject({
        method: 'GET',
        url: res.data!.url,
        headers: { authorization: token },
      });
      expect(served.headers).toMatchObject({
        'content-type': mime,
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline',
        'content-security-policy': "default-src 'none'; sandbox",
      });
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses a script renamed .png', async () => {
    const res = await upload(t, token, Buffer.from('<?php system($_GET["c"]); ?>'), 'shell.png');
    expect(res).toMatchObject({ code: Code.REFUSED, msg: 'Only JPEG, PNG or WebP images are accepted' });
    const js = await upload(t, token, Buffer.from('alert(document.cookie)'), 'x.png');
    expect(js.code).toBe(Code.REFUSED);
  });

  it('refuses a polyglot: a real image carrying markup or code', async () => {
    for (const payload of ['<script>alert(1)</script>', '<?php echo 1; ?>', '<HTML><body onload=alert(1)>']) {
      const res = await upload(t, token, Buffer.concat([PNG, Buffer.from(payload)]));
      expect(res, payload).toMatchObject({
        code: Code.REFUSED,
        msg: 'Only JPEG, PNG or WebP images are accepted',
      });
    }
  });

  it('refuses a 6 MB file', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const res = await upload(t, token, big);
    expect(res).toMatchObject({ code: Code.REFUSED, msg: 'The image must be 5 MB or smaller' });
  });

  it('refuses a request without a file, and a visitor', async () => {
    const res = await t.call('POST', '/api/common/image_upload', { token, form: { file: 'x' } });
    expect(res.body).toMatchObject({ code: Code.REFUSED, msg: 'Please choose an image' });
    expect((await upload(t, undefined, PNG)).code).toBe(999);
  });

  it('answers 404 for names that are not uploads, including path tricks', async () => {
    for (const url of [
      '/uploads/..%2F..%2Fpackage.json',
      '/uploads/0000.png',
      `/uploads/${'a'.repeat(32)}.png`,
    ]) {
      const res = await t.http.inject({ method: 'GET', url, headers: { authorization: token } });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
