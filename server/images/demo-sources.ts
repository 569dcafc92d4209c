import { garmentJpeg, parseDesignKey } from '../../db/seed/images';
import { parseShopPhotoFile, shopPhotoJpeg } from '../../db/seed/shop-photos';

/** The shop a demo shop photo shows, by its code; null when there is no such shop. */
export type ShopPhotoSubject = (code: string) => Promise<{ name: string; variant: number } | null>;

/**
 * The demo catalogue's pictures, drawn on their first request instead of by the seed (25 s of a fresh start): a
 * product photo named by its design key, or a shop's front or inside. Answers the JPEG source, or null when `name`
 * is neither (or names a shop there is not).
 */
export function demoSources(shopSubject: ShopPhotoSubject) {
  return {
    /** Whether `name` is a demo picture's: checked before queueing a render for it. */
    knows: (name: string) => parseDesignKey(name) !== null || parseShopPhotoFile(name) !== null,
    async render(name: string): Promise<Buffer | null> {
      const design = parseDesignKey(name);
      if (design) return garmentJpeg(design);
      const shopPhoto = parseShopPhotoFile(name);
      if (!shopPhoto) return null;
      const shop = await shopSubject(shopPhoto.code);
      return shop ? shopPhotoJpeg(shopPhoto.side, shop.name, shop.variant) : null;
    },
  };
}

export type DemoSources = ReturnType<typeof demoSources>;
