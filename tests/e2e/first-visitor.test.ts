import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnShop, ownShop } from './support/own-shop';

/**
 * Issue 46.2: right after a start (a deploy, a restart), the first visitor of a section page waits no longer than
 * the tenth. Photos get their sizes made in the background when they arrive (here the seed: the shop makes the
 * missing ones after its start), not on the first visitor's request; the scripts are compressed at build, not on
 * their first request. A load is what a desktop browser asks for: the page, its preloaded fonts and images, its
 * scripts and every card's photo (AVIF, 440×660), six at a time.
 */
const SECTION = '/catalog/women/';
let shop: OwnShop;

beforeAll(async () => {
  shop = await ownShop({});
}, 200_000);
afterAll(() => shop?.stop());

async function pageAssets(html: string): Promise<string[]> {
  const attribute = (re: RegExp) => [...html.matchAll(re)].map((m) => (m[1] as string).replace(/&amp;/g, '&'));
  return [
    ...new Set([
      ...attribute(/<link[^>]+rel="(?:modulepreload|preload)"[^>]+href="([^"]+)"/g),
      ...attribute(/<script[^>]+src="([^"]+)"/g),
      ...attribute(/<img[^>]+src="(\/images\/[^"]+)"/g),
    ]),
  ];
}

/** One visitor's load of the section page: its milliseconds until the last photo has arrived. */
async function load(): Promise<number> {
  const started = performance.now();
  const get = async (url: string) => {
    const res = await fetch(`${shop.url}${url}`, {
      headers: {
        'accept-encoding': 'br, gzip',
        accept: url.startsWith('/images/') ? 'image/avif,image/webp,*/*' : '*/*',
      },
    });
    expect([url, res.status]).toEqual([url, 200]);
    return res;
  };
  const assets = await pageAssets(await (await get(SECTION)).text());

  const queue = [...assets];
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        const res = await get(url);
        const bytes = (await res.arrayBuffer()).byteLength;
        // Scripts come compressed, as the build wrote them, from the first request on (but the tiniest).
        if (url.endsWith('.js') && bytes > 1024)
          expect([url, res.headers.get('content-encoding')]).toEqual([url, 'br']);
      }
    }),
  );
  return performance.now() - started;
}

describe('the first visitor after a start', () => {
  it('gets the section page and all its photos as fast as the tenth', async () => {
    // The photos the section page shows, at the size a desktop asks for: made by the shop in the background, as
    // nobody has asked for them yet.
    const html = await (await fetch(`${shop.url}${SECTION}`)).text();
    const photos = [...html.matchAll(/<img[^>]+src="\/images\/440x660\/([a-z0-9-]+)\.jpg/g)].map((m) => m[1]);
    expect(photos.length).toBeGreaterThan(4);
    const made = (name: string | undefined) =>
      existsSync(path.join(shop.dataDir, 'images/cache/440x660', `${name}.avif`));
    for (const deadline = Date.now() + 120_000; !photos.every(made); ) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 250));
    }

    await shop.restart();
    const first = await load();
    const times: number[] = [];
    while (times.length < 9) times.push(await load());
    // The tenth load's time: the median of the sixth to the tenth, as this shared machine's speed moves by the second.
    const tenth = [...times.slice(-5)].sort((a, b) => a - b)[2] as number;
    expect({ first: Math.round(first), tenth: Math.round(tenth) }).toSatisfy(
      ({ first, tenth }: { first: number; tenth: number }) => first <= Math.max(2 * tenth, tenth + 300),
    );
  }, 200_000);
});
