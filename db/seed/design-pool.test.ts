import { describe, expect, it } from 'vitest';
import { limitDesigns } from './design-pool';
import type { GarmentDesign } from './images';

const d = (kind: GarmentDesign['kind'], colorHex: string, view: GarmentDesign['view'], variant = 0): GarmentDesign => ({
  kind,
  colorHex,
  view,
  hood: false,
  length: 'mid',
  variant,
});

describe('limitDesigns', () => {
  it('keeps designs up to the cap and maps the rest to the same kind and colour', () => {
    const designs = [
      d('parka', '#111111', 0),
      d('parka', '#111111', 1),
      d('coat', '#222222', 0),
      d('parka', '#111111', 1, 3),
      d('coat', '#222222', 2),
      d('vest', '#333333', 0),
    ];
    const pick = limitDesigns(designs, 3);
    expect(pick(designs[0] as GarmentDesign)).toBe(designs[0]);
    expect(pick(designs[3] as GarmentDesign)).toBe(designs[1]);
    expect(pick(designs[4] as GarmentDesign)).toBe(designs[2]);
    expect(pick(designs[5] as GarmentDesign)).toBe(designs[5]);
  });
});
