import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  designKey,
  type GarmentDesign,
  type GarmentKind,
  type GarmentView,
  garmentSvg,
  renderAll,
  renderGarment,
  SOURCE_HEIGHT,
  SOURCE_WIDTH,
} from './images';

const KINDS: GarmentKind[] = ['down-jacket', 'parka', 'coat', 'jacket', 'vest', 'hat', 'scarf', 'gloves'];
const VIEWS: GarmentView[] = [0, 1, 2, 3, 4];
const LENGTHS: GarmentDesign['length'][] = ['short', 'mid', 'long'];

const base: GarmentDesign = {
  kind: 'down-jacket',
  colorHex: '#1b1b1d',
  view: 0,
  hood: true,
  length: 'long',
  variant: 1,
};

const tmpDirs: string[] = [];
async function tmpDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'garments-'));
  tmpDirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(tmpDirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('garmentSvg', () => {
  it('is deterministic for every kind and view', () => {
    for (const kind of KINDS) {
      for (const view of VIEWS) {
        const design: GarmentDesign = { ...base, kind, view };
        const a = garmentSvg(design);
        const b = garmentSvg({ ...design });
        expect(b).toBe(a);
        expect(a.startsWith('<svg')).toBe(true);
        expect(a).toContain(`width="${SOURCE_WIDTH}" height="${SOURCE_HEIGHT}"`);
        expect(a).not.toMatch(/NaN|undefined|Infinity/);
      }
    }
  });

  it('does not depend on what was drawn before', () => {
    const first = garmentSvg(base);
    garmentSvg({ ...base, kind: 'coat', length: 'short' });
    garmentSvg({ ...base, kind: 'gloves' });
    expect(garmentSvg(base)).toBe(first);
  });

  it('differs by colour, kind, view, hood, length and variant', () => {
    const variants: GarmentDesign[] = [
      base,
      { ...base, colorHex: '#b3262e' },
      { ...base, colorHex: '#f4f2ee' },
      ...KINDS.filter((k) => k !== base.kind).map((kind) => ({ ...base, kind })),
      ...VIEWS.filter((v) => v !== base.view).map((view) => ({ ...base, view })),
      { ...base, hood: false },
      { ...base, length: 'short' as const },
      { ...base, length: 'mid' as const },
      { ...base, variant: 0 },
      { ...base, variant: 3 },
    ];
    const svgs = new Set(variants.map(garmentSvg));
    expect(svgs.size).toBe(variants.length);
  });

  it('rejects a malformed colour', () => {
    expect(() => garmentSvg({ ...base, colorHex: 'red' })).toThrow(/colour/);
  });
});

describe('designKey', () => {
  it('is file-name safe and distinct for distinct designs', () => {
    const keys = new Set<string>();
    let count = 0;
    for (const kind of KINDS)
      for (const view of VIEWS)
        for (const hood of [false, true])
          for (const length of LENGTHS)
            for (let variant = 0; variant < 4; variant++)
              for (const colorHex of ['#1b1b1d', '#B3262E', '#fff']) {
                const key = designKey({ kind, view, hood, length, variant, colorHex });
                expect(key).toMatch(/^[a-z0-9-]+$/);
                expect(key.length).toBeLessThanOrEqual(48);
                keys.add(key);
                count++;
              }
    expect(keys.size).toBe(count);
  });

  it('is stable and normalises the colour spelling', () => {
    expect(designKey(base)).toBe('down-jacket-1b1b1d-v0-h1-long-1');
    expect(designKey({ ...base, colorHex: 'FFF' })).toBe(designKey({ ...base, colorHex: '#ffffff' }));
  });
});

describe('rendering', () => {
  it('renderGarment writes an 852x1278 JPEG, creating folders as needed', async () => {
    const dir = await tmpDir();
    const file = path.join(dir, 'nested', 'deeper', 'coat.jpg');
    await renderGarment({ ...base, kind: 'coat', colorHex: '#cbb294', hood: false }, file);
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(SOURCE_WIDTH);
    expect(meta.height).toBe(SOURCE_HEIGHT);
    // Only the finished file is left behind, no temp files.
    expect(await readdir(path.dirname(file))).toEqual(['coat.jpg']);
  }, 30_000);

  it('renderAll renders each distinct design once and skips existing files', async () => {
    const dir = await tmpDir();
    const hat: GarmentDesign = { kind: 'hat', colorHex: '#8e9196', view: 0, hood: false, length: 'mid', variant: 0 };
    const scarf: GarmentDesign = {
      kind: 'scarf',
      colorHex: '#ffffff',
      view: 0,
      hood: false,
      length: 'mid',
      variant: 0,
    };
    const designs = [hat, { ...hat }, scarf, { ...scarf, colorHex: '#FFF' }, hat];

    const map = await renderAll(designs, dir, 2);
    expect(map.size).toBe(2);
    expect(map.get(designKey(hat))).toBe(`${designKey(hat)}.jpg`);
    expect(map.get(designKey(scarf))).toBe(`${designKey(scarf)}.jpg`);
    expect((await readdir(dir)).sort()).toEqual([...map.values()].sort());
    for (const name of map.values()) {
      const meta = await sharp(path.join(dir, name)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', SOURCE_WIDTH, SOURCE_HEIGHT]);
    }

    // An existing file is left alone on the next run.
    const hatFile = path.join(dir, `${designKey(hat)}.jpg`);
    await writeFile(hatFile, 'sentinel');
    const again = await renderAll([...designs, { ...hat, view: 1 }], dir);
    expect(again.size).toBe(3);
    expect(await readFile(hatFile, 'utf8')).toBe('sentinel');
    expect((await readdir(dir)).length).toBe(3);
  }, 60_000);
});
