import { createServer, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseS3Url } from '../src/config/s3-url';
import { s3Store } from '../src/funding/s3-store';
import { sha256Hex, signV4 } from '../src/util/aws-sigv4';
import { PNG } from './funding-fixtures';
import { listenOnLoopback } from './harness';

const KEY = { accessKeyId: 'AKIDLOCALBUCKET', secretAccessKey: 'local/bucket+secret' };
const objects = new Map<string, { body: Buffer; type: string; owner: string }>();
const refused: string[] = [];

/** Whether `req` carries the signature its own method, path, headers and body call for. */
function signedAsS3Checks(req: IncomingMessage, body: Buffer): boolean {
  const auth = req.headers.authorization ?? '';
  const names = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
  const date = req.headers['x-amz-date'] as string;
  const time = new Date(date.replace(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/, '$1-$2-$3T$4:$5:$6Z'));
  const headers = Object.fromEntries(
    names.filter((n) => n !== 'host' && n !== 'x-amz-date').map((n) => [n, String(req.headers[n])]),
  );
  const expected = signV4(
    {
      method: req.method!,
      url: new URL(req.url!, `http://${req.headers.host}`),
      headers,
      payloadHash: sha256Hex(body),
      region: 'eu-west-3',
      service: 's3',
      time,
    },
    KEY,
  );
  return expected.authorization === auth && req.headers['x-amz-content-sha256'] === sha256Hex(body);
}

/** A bucket at /uploads-bucket/ that keeps objects in memory and refuses a request not signed with KEY. */
const bucket = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    if (!signedAsS3Checks(req, body)) {
      refused.push(`${req.method} ${req.url}`);
      res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const key = req.url!;
    if (req.method === 'PUT') {
      objects.set(key, {
        body,
        type: String(req.headers['content-type']),
        owner: String(req.headers['x-amz-meta-owner']),
      });
      res.writeHead(200).end();
    } else if (req.method === 'GET') {
      const found = objects.get(key);
      if (found) res.writeHead(200, { 'content-type': found.type }).end(found.body);
      else res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    }
  });
});
let url: string;
beforeAll(async () => {
  const port = await listenOnLoopback(bucket);
  url = `http://${KEY.accessKeyId}:${encodeURIComponent(KEY.secretAccessKey)}@127.0.0.1:${port}/uploads-bucket/?region=eu-west-3`;
});
afterAll(() => bucket.close());

describe('uploads in an S3-compatible bucket (S3_URL)', () => {
  it('puts, reads and deletes a picture with signed requests the bucket accepts', async () => {
    const store = s3Store(url);
    await store.put('a1b2.png', PNG, { mime: 'image/png', userId: 42 });
    expect(objects.get('/uploads-bucket/a1b2.png')).toMatchObject({ type: 'image/png', owner: '42' });
    expect((await store.get('a1b2.png'))?.equals(PNG)).toBe(true);
    expect(await store.get('missing.png')).toBeUndefined();
    await store.delete(['a1b2.png']);
    expect(objects.size).toBe(0);
    expect(refused).toEqual([]);
  });

  it('fails loudly when the bucket refuses the key', async () => {
    const wrong = s3Store(url.replace('local%2Fbucket', 'other%2Fbucket'));
    await expect(wrong.put('c3d4.png', PNG, { mime: 'image/png', userId: 1 })).rejects.toThrow(/403/);
  });

  it('reads the region from the URL or an AWS host, and refuses a URL without a key', () => {
    expect(parseS3Url('https://k:s@s3.eu-central-1.amazonaws.com/bucket').region).toBe('eu-central-1');
    expect(parseS3Url('https://k:s@bucket.s3.ap-south-1.amazonaws.com').base.href).toBe(
      'https://bucket.s3.ap-south-1.amazonaws.com/',
    );
    expect(parseS3Url('https://k:s@minio.internal:9000/bucket/prefix').region).toBe('us-east-1');
    expect(() => parseS3Url('https://minio.internal:9000/bucket')).toThrow(/access key/);
  });
});
