import { parseS3Url } from '../config/s3-url';
import { sha256Hex, signV4 } from '../util/aws-sigv4';

/** A request to the bucket has this long: a hung store must not hold an upload or a picture for ever. */
const S3_TIMEOUT_MS = 15_000;
const EMPTY_BODY = sha256Hex('');

/** Uploads as objects of an S3-compatible bucket, each request signed with AWS Signature Version 4 (an UploadStore). */
export function s3Store(s3Url: string) {
  const { base, region, credentials } = parseS3Url(s3Url);
  const send = (method: string, name: string, headers: Record<string, string>, body?: Buffer) => {
    const url = new URL(encodeURIComponent(name), base);
    const payloadHash = body ? sha256Hex(body) : EMPTY_BODY;
    const signed = signV4(
      {
        method,
        url,
        headers: { ...headers, 'x-amz-content-sha256': payloadHash },
        payloadHash,
        region,
        service: 's3',
        // The wall clock: AWS refuses a signature more than 15 minutes from real time.
        time: new Date(),
      },
      credentials,
    );
    return fetch(url, {
      method,
      headers: signed,
      // A plain Uint8Array: the DOM's fetch types take no Buffer (it might sit on a SharedArrayBuffer).
      body: body && new Uint8Array(body),
      signal: AbortSignal.timeout(S3_TIMEOUT_MS),
    });
  };
  const refused = async (what: string, res: Response) =>
    new Error(`S3 ${what} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return {
    async put(name: string, bytes: Buffer, { mime, userId }: { mime: string; userId: number }) {
      const res = await send(
        'PUT',
        name,
        { 'content-type': mime, 'x-amz-meta-owner': String(userId) },
        bytes,
      );
      if (!res.ok) throw await refused(`PUT ${name}`, res);
    },
    async get(name: string): Promise<Buffer | undefined> {
      const res = await send('GET', name, {});
      if (res.status === 404) return undefined;
      if (!res.ok) throw await refused(`GET ${name}`, res);
      return Buffer.from(await res.arrayBuffer());
    },
    async delete(names: string[]) {
      for (const name of names) {
        const res = await send('DELETE', name, {});
        if (!res.ok && res.status !== 404) throw await refused(`DELETE ${name}`, res);
      }
    },
  };
}
