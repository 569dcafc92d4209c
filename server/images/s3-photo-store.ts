import { checkedPhotoKey, type PhotoStore } from './photo-store';
import { type S3Credentials, sha256Hex, signS3 } from './s3-signature';

/** Where the bucket is, parsed from `S3_URL`: `https://KEY_ID:SECRET@host[:port]/bucket[/prefix]?region=…`. */
export interface S3Location extends S3Credentials {
  /** The bucket's address with the key prefix, path-style, ending in a slash. */
  base: string;
}

export function parseS3Url(s3Url: string): S3Location {
  const url = new URL(s3Url);
  const path = url.pathname.replace(/^\/+|\/+$/g, '');
  const region = url.searchParams.get('region');
  if (!url.username || !url.password || !path || !region)
    throw new Error('S3_URL: нужны ключ, секрет, корзина и region');
  return {
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    region,
    base: `${url.protocol}//${url.host}/${path}/`,
  };
}

/** How long one call to the storage may take before the photo request fails with it. */
const TIMEOUT_MS = 10_000;

/** S3's error code from an error answer's XML (`<Code>NoSuchKey</Code>`), or its status when it has none. */
async function errorCode(res: Response): Promise<string> {
  // Read whole: an unread body would hold its connection until the timeout.
  const text = await res.text();
  return /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? String(res.status);
}

/**
 * S3-compatible object storage (Yandex Object Storage, VK Cloud, MinIO, AWS): every host on the bucket sees the same
 * photos. Requests are path-style and signed (signature v4). A put sends `If-None-Match: *`, so where the storage
 * supports it a second host's put of a key keeps the first body; where it ignores it the bodies are equal anyway
 * (a key names what it holds).
 */
export function s3PhotoStore(s3Url: string, fetchImpl: typeof fetch = fetch): PhotoStore {
  const location = parseS3Url(s3Url);
  const call = (method: 'GET' | 'HEAD' | 'PUT', key: string, body?: Buffer, headers: Record<string, string> = {}) => {
    const url = new URL(checkedPhotoKey(key), location.base);
    const signed = signS3({ method, url, headers, payloadHash: sha256Hex(body ?? '') }, location);
    return fetchImpl(url, {
      method,
      headers: signed,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  };
  const put = (key: string, body: Buffer, type: string) =>
    call('PUT', key, body, { 'content-type': type, 'if-none-match': '*' });
  return {
    async get(key) {
      const res = await call('GET', key);
      if (res.ok)
        return {
          body: Buffer.from(await res.arrayBuffer()),
          type: res.headers.get('content-type') ?? 'application/octet-stream',
        };
      const code = await errorCode(res);
      // Only a missing key is «not there» (a 404 without S3's XML too); a missing bucket is a wrong S3_URL, and says so.
      if (code === 'NoSuchKey' || code === '404') return null;
      throw new Error(`S3 GET ${key}: ${res.status} ${code}`);
    },
    async has(key) {
      const res = await call('HEAD', key);
      await res.arrayBuffer();
      if (res.ok) return true;
      // A HEAD answer has no body to read S3's code from: 404 is a missing key, anything else an error.
      if (res.status === 404) return false;
      throw new Error(`S3 HEAD ${key}: ${res.status}`);
    },
    async put(key, body, type) {
      let res = await put(key, body, type);
      // 409: another host's put of the key is under way; once it ends, this one finds the key (412) or writes it.
      if (res.status === 409) {
        await errorCode(res);
        res = await put(key, body, type);
      }
      // 412: another host put the key first, with the same bytes.
      if (res.ok || res.status === 412) return void (await res.arrayBuffer());
      throw new Error(`S3 PUT ${key}: ${res.status} ${await errorCode(res)}`);
    },
  };
}
