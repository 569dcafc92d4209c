import { createHash, createHmac } from 'node:crypto';

/** An S3 request to sign: the object's URL, its method, headers beyond the signed ones, and its body's SHA-256. */
export interface S3Request {
  method: 'GET' | 'HEAD' | 'PUT';
  url: URL;
  headers?: Record<string, string>;
  payloadHash: string;
}

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding of a path, as S3 signs it: every byte but the unreserved ones and the slashes. */
const encodePath = (path: string) =>
  path
    .split('/')
    .map((segment) =>
      encodeURIComponent(decodeURIComponent(segment)).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');

/**
 * AWS Signature Version 4 for S3 (the header form): the request's headers with `Authorization`, `x-amz-date` and
 * `x-amz-content-sha256` added. Every header passed is signed, and so is `host`. The requests here carry no query.
 */
export function signS3(request: S3Request, credentials: S3Credentials, now = new Date()): Record<string, string> {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {
    host: request.url.host,
    'x-amz-content-sha256': request.payloadHash,
    'x-amz-date': stamp,
  };
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value.trim();
  const names = Object.keys(headers).sort();
  const canonical = [
    request.method,
    encodePath(request.url.pathname),
    '',
    ...names.map((name) => `${name}:${headers[name]}`),
    '',
    names.join(';'),
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonical)].join('\n');
  let key = hmac(`AWS4${credentials.secretAccessKey}`, day);
  for (const part of [credentials.region, 's3', 'aws4_request']) key = hmac(key, part);
  const signature = hmac(key, toSign).toString('hex');
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${names.join(';')},Signature=${signature}`,
  };
}
