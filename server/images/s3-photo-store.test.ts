import { describe, expect, it } from 'vitest';
import { parseS3Url, s3PhotoStore } from './s3-photo-store';

const S3_URL = 'https://key:se%2Fcret@storage.example:8443/photos/vyuga?region=ru-central1';
const xmlError = (status: number, code: string) =>
  new Response(`<?xml version="1.0"?><Error><Code>${code}</Code><Message>…</Message></Error>`, {
    status,
    headers: { 'content-type': 'application/xml' },
  });

/** A store whose storage answers each call with the next of `answers`; answers the calls it saw. */
function storeAnswering(...answers: Response[]) {
  const calls: { method: string; url: string; headers: Record<string, string> }[] = [];
  const fetchImpl = (async (url: URL, init: RequestInit) => {
    calls.push({ method: String(init.method), url: String(url), headers: init.headers as Record<string, string> });
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    return answer;
  }) as unknown as typeof fetch;
  return { store: s3PhotoStore(S3_URL, fetchImpl), calls, unread: () => answers.length };
}

describe('the S3 photo store', () => {
  it('reads the bucket, its prefix and the region from S3_URL', () => {
    expect(parseS3Url(S3_URL)).toEqual({
      accessKeyId: 'key',
      secretAccessKey: 'se/cret',
      region: 'ru-central1',
      base: 'https://storage.example:8443/photos/vyuga/',
    });
    expect(() => parseS3Url('https://key:secret@storage.example/photos')).toThrow('region');
  });

  it('gets an object by its key under the prefix, signed, with its type', async () => {
    const { store, calls } = storeAnswering(new Response('jpeg bytes', { headers: { 'content-type': 'image/jpeg' } }));
    const photo = await store.get('source/coat.jpg');
    expect(photo?.body.toString()).toBe('jpeg bytes');
    expect(photo?.type).toBe('image/jpeg');
    expect(calls[0]?.url).toBe('https://storage.example:8443/photos/vyuga/source/coat.jpg');
    expect(calls[0]?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=key\/\d{8}\/ru-central1\/s3\//);
  });

  it('answers a missing key as none, and a missing bucket or a refusal as an error naming S3’s code', async () => {
    expect(await storeAnswering(xmlError(404, 'NoSuchKey')).store.get('source/coat.jpg')).toBeNull();
    await expect(storeAnswering(xmlError(404, 'NoSuchBucket')).store.get('source/coat.jpg')).rejects.toThrow(
      'S3 GET source/coat.jpg: 404 NoSuchBucket',
    );
    await expect(storeAnswering(xmlError(403, 'AccessDenied')).store.get('source/coat.jpg')).rejects.toThrow(
      '403 AccessDenied',
    );
  });

  it('puts once: another host’s earlier put (412) is success, one under way (409) is waited out by a second put', async () => {
    const first = storeAnswering(new Response(null, { status: 200 }));
    await first.store.put('400x600/coat.webp', Buffer.from('webp'), 'image/webp');
    expect(first.calls[0]).toMatchObject({ method: 'PUT' });
    expect(first.calls[0]?.headers).toMatchObject({ 'if-none-match': '*', 'content-type': 'image/webp' });

    await storeAnswering(xmlError(412, 'PreconditionFailed')).store.put(
      '400x600/coat.webp',
      Buffer.from('webp'),
      'image/webp',
    );

    const racing = storeAnswering(xmlError(409, 'ConditionalRequestConflict'), xmlError(412, 'PreconditionFailed'));
    await racing.store.put('400x600/coat.webp', Buffer.from('webp'), 'image/webp');
    expect(racing.calls).toHaveLength(2);
    expect(racing.unread()).toBe(0);

    const refused = storeAnswering(xmlError(409, 'ConditionalRequestConflict'), xmlError(503, 'SlowDown'));
    await expect(refused.store.put('400x600/coat.webp', Buffer.from('webp'), 'image/webp')).rejects.toThrow(
      'S3 PUT 400x600/coat.webp: 503 SlowDown',
    );
  });

  it('refuses a key that could climb out of the prefix', async () => {
    const { store, calls } = storeAnswering();
    await expect(store.get('../other/secret.jpg')).rejects.toThrow('bad photo key');
    expect(calls).toHaveLength(0);
  });
});
