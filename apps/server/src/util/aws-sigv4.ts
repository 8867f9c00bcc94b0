import { createHash, createHmac } from 'node:crypto';

/** An access key: its id and secret. */
export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SigningRequest {
  method: string;
  url: URL;
  /** The headers to sign (host is taken from the URL); the signature's own are added. */
  headers: Record<string, string>;
  /** The hex SHA-256 of the body (S3 sends it as x-amz-content-sha256). */
  payloadHash: string;
  region: string;
  service: string;
  time: Date;
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as AWS asks it: every byte but A-Z a-z 0-9 - _ . ~ as %XY, upper case. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The path, each segment encoded once (S3's rule; its keys are taken as they are, never normalised). */
const canonicalPath = (url: URL) =>
  url.pathname
    .split('/')
    .map((segment) => encode(decodeURIComponent(segment)))
    .join('/') || '/';

const canonicalQuery = (url: URL) =>
  [...url.searchParams]
    .map(([key, value]) => [encode(key), encode(value)])
    .sort(([a, x], [b, y]) => (a === b ? (x! < y! ? -1 : 1) : a! < b! ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');

/** 20130524T000000Z, and its day 20130524. */
function stamps(time: Date): { amzDate: string; day: string } {
  const amzDate = time
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return { amzDate, day: amzDate.slice(0, 8) };
}

/** The key a day's signatures in one region and service are made with (AWS's derivation). */
export function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
}

/**
 * AWS Signature Version 4 over the request's method, path, query, headers and body hash: the headers to
 * send, `request.headers` with `x-amz-date` and `authorization` added.
 */
export function signV4(request: SigningRequest, credentials: AwsCredentials): Record<string, string> {
  const { amzDate, day } = stamps(request.time);
  const headers: Record<string, string> = { ...request.headers, 'x-amz-date': amzDate };
  const signed = new Map<string, string>([['host', request.url.host]]);
  for (const [name, value] of Object.entries(headers)) {
    signed.set(name.toLowerCase(), value.trim().replace(/\s+/g, ' '));
  }
  const names = [...signed.keys()].sort();
  const canonicalRequest = [
    request.method,
    canonicalPath(request.url),
    canonicalQuery(request.url),
    ...names.map((name) => `${name}:${signed.get(name)}`),
    '',
    names.join(';'),
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${request.region}/${request.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = signingKey(credentials.secretAccessKey, day, request.region, request.service);
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}
