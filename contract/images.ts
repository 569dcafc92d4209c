/**
 * Product image addresses, shared by the server (which resizes only these sizes) and the browser (which asks for them).
 */

/** The spec's image sizes (§9), width x height. */
export const IMAGE_SIZES = {
  thumb: [78, 116],
  listing: [440, 660],
  listingMobile: [288, 432],
  detail: [426, 640],
  /** Shop photos (3:2): the shop page's gallery and the list's cards. */
  shop: [720, 480],
  shopThumb: [360, 240],
} as const;

export type ImageSize = keyof typeof IMAGE_SIZES;

/** `/images/440x660/{name}.jpg?v=1`: the server picks WebP or AVIF when the browser accepts them. */
export function imageUrl(file: string, size: ImageSize | 'source', version: string): string {
  if (size === 'source') return `/images/source/${file}?v=${encodeURIComponent(version)}`;
  const [w, h] = IMAGE_SIZES[size];
  return `/images/${w}x${h}/${file}?v=${encodeURIComponent(version)}`;
}

/** srcset for a product card: the mobile and desktop listing sizes. */
export function listingSrcSet(file: string, version: string): string {
  return `${imageUrl(file, 'listingMobile', version)} 288w, ${imageUrl(file, 'listing', version)} 440w, ${imageUrl(file, 'source', version)} 852w`;
}

/** The `{w}x{h}` path segments the image route serves. */
export const IMAGE_SIZE_SEGMENTS: ReadonlySet<string> = new Set(
  Object.values(IMAGE_SIZES).map(([w, h]) => `${w}x${h}`),
);
