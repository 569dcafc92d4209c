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
  if (!url.username || !url.password || !path) throw new Error('S3_URL: нужны ключ, секрет и корзина');
  return {
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    region: url.searchParams.get('region') ?? 'us-east-1',
    base: `${url.protocol}//${url.host}/${path}/`,
  };
}

/** How long one call to the storage may take before the photo request fails (and is retried by the browser). */
const TIMEOUT_MS = 10_000;

/**
 * S3-compatible object storage (Yandex Object Storage, VK Cloud, MinIO, AWS): every host on the bucket sees the same
 * photos. Requests are path-style and signed (signature v4). A put sends `If-None-Match: *`, so where the storage
 * supports it a second host's put of a key keeps the first body; where it ignores it the bodies are equal anyway
 * (a key names what it holds).
 */
export function s3PhotoStore(s3Url: string, fetchImpl: typeof fetch = fetch): PhotoStore {
  const location = parseS3Url(s3Url);
  const call = (method: 'GET' | 'PUT', key: string, body?: Buffer, headers: Record<string, string> = {}) => {
    const url = new URL(checkedPhotoKey(key), location.base);
    const signed = signS3({ method, url, headers, payloadHash: sha256Hex(body ?? '') }, location);
    return fetchImpl(url, {
      method,
      headers: signed,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  };
  return {
    async get(key) {
      const res = await call('GET', key);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 GET ${key}: ${res.status}`);
      return {
        body: Buffer.from(await res.arrayBuffer()),
        type: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async put(key, body, type) {
      const res = await call('PUT', key, body, { 'content-type': type, 'if-none-match': '*' });
      await res.body?.cancel();
      // 412: another host put the key first; 409: its put is still under way. Either keeps the same bytes.
      if (!res.ok && res.status !== 412 && res.status !== 409) throw new Error(`S3 PUT ${key}: ${res.status}`);
    },
  };
}
