import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  designKey,
  type GarmentDesign,
  type GarmentKind,
  type GarmentView,
  garmentSvg,
  garmentJpeg,
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
  it('draws a design as an 852x1278 JPEG', async () => {
    const meta = await sharp(await garmentJpeg({ ...base, kind: 'coat', colorHex: '#cbb294', hood: false })).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', SOURCE_WIDTH, SOURCE_HEIGHT]);
  }, 30_000);
});
