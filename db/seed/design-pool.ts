import { designKey, type GarmentDesign } from './images';

/**
 * Caps how many distinct pictures a catalogue needs. The first `max` distinct designs are kept; a later one
 * borrows a kept design of the same kind and colour (same view if possible), so a 20 000-product
 * catalogue renders no more images than the demo one while every photo still shows the right garment.
 */
export function limitDesigns(designs: GarmentDesign[], max: number): (design: GarmentDesign) => GarmentDesign {
  const kept = new Map<string, GarmentDesign>();
  for (const d of designs) {
    if (kept.size >= max) break;
    kept.set(designKey(d), d);
  }
  const byLook = new Map<string, GarmentDesign>();
  for (const d of kept.values()) {
    for (const key of [`${d.kind}|${d.colorHex}|${d.view}`, `${d.kind}|${d.colorHex}`, d.kind]) {
      if (!byLook.has(key)) byLook.set(key, d);
    }
  }
  return (design) =>
    kept.get(designKey(design)) ??
    byLook.get(`${design.kind}|${design.colorHex}|${design.view}`) ??
    byLook.get(`${design.kind}|${design.colorHex}`) ??
    byLook.get(design.kind) ??
    design;
}
