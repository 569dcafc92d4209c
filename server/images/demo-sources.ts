import { garmentJpeg, parseDesignKey } from '../../db/seed/images';
import { parseShopPhotoFile, shopPhotoJpeg } from '../../db/seed/shop-photos';

/** What the catalogue says of a demo picture before it is drawn. */
export interface DemoPhotoSubjects {
  /** The shop a demo shop photo shows, by its code; null when there is no such shop. */
  shop(code: string): Promise<{ name: string; variant: number } | null>;
  /** Whether one of the catalogue's product photos is this file. */
  productPhoto(file: string): Promise<boolean>;
}

/**
 * The demo catalogue's pictures, drawn on their first request instead of by the seed (25 s of a fresh start): a
 * product photo named by its design key, or a shop's front or inside. Answers the JPEG source, or null when `name`
 * is neither, or names a picture the catalogue does not show: any colour makes a valid design key, and drawing every
 * one asked for would let anyone fill the photo store.
 */
export function demoSources(subjects: DemoPhotoSubjects) {
  return {
    /** Whether `name` is a demo picture's: checked before queueing a render for it. */
    knows: (name: string) => parseDesignKey(name) !== null || parseShopPhotoFile(name) !== null,
    async render(name: string): Promise<Buffer | null> {
      const design = parseDesignKey(name);
      if (design) return (await subjects.productPhoto(`${name}.jpg`)) ? garmentJpeg(design) : null;
      const shopPhoto = parseShopPhotoFile(name);
      if (!shopPhoto) return null;
      const shop = await subjects.shop(shopPhoto.code);
      return shop ? shopPhotoJpeg(shopPhoto.side, shop.name, shop.variant) : null;
    },
  };
}

export type DemoSources = ReturnType<typeof demoSources>;
