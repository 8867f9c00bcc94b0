import type { AwsCredentials } from '../util/aws-sigv4';

/** Where S3_URL points: the bucket (and key prefix) objects go under, its region and the access key. */
export interface S3Location {
  /** Ends with '/': an object's URL is this and its name. */
  base: URL;
  region: string;
  credentials: AwsCredentials;
}

/**
 * S3_URL: `https://<access key id>:<secret access key>@<endpoint>/<bucket>[/<prefix>][?region=<region>]`
 * (path style: AWS, MinIO, Ceph, R2 and the like all take it), or with the bucket in the host name. The
 * region is `?region=`, else the one an amazonaws.com host names, else us-east-1 (MinIO's default).
 */
export function parseS3Url(text: string): S3Location {
  const url = new URL(text);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error('S3_URL must be an https:// URL');
  const credentials = {
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
  if (!credentials.accessKeyId || !credentials.secretAccessKey) {
    throw new Error('S3_URL must carry the access key: https://<key id>:<secret>@<endpoint>/<bucket>');
  }
  const region =
    url.searchParams.get('region') ??
    /(?:^|\.)s3[.-]([a-z0-9-]+)\.amazonaws\.com$/.exec(url.hostname)?.[1] ??
    'us-east-1';
  const base = new URL(`${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}/`);
  return { base, region, credentials };
}
