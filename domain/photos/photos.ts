/** An uploaded photo that passed the checks: its content-hash file name and the bytes to store under it. */
export interface PreparedPhoto {
  file: string;
  data: Uint8Array;
}

/**
 * Where the back office's uploaded photos go (the image pipeline's source folder; the files themselves are a
 * `PhotoStore` of server/images). `prepare` checks a file by its content and refuses
 * it with a `DomainError` (nothing is written); `keep` writes a prepared photo and gives its file name.
 */
export interface PhotoUploads {
  /** The largest file taken, in bytes (`PHOTO_MAX_MB`). */
  readonly maxBytes: number;
  prepare(bytes: Uint8Array): Promise<PreparedPhoto>;
  keep(photo: PreparedPhoto): Promise<string>;
}

/** A product's photo as stored: the first in `sort` order is the main one. */
export interface ProductPhotoRow {
  id: number;
  file: string;
  sort: number;
}

export interface PhotoOwnerFacts {
  id: number;
  name: string;
  /** The shop's page address: the product's slug path or the shop's code (for the «open in the shop» link). */
  href: string;
}

/** The rows of a photo change, all in one transaction with its audit entry (also read outside one, for the desk). */
export interface PhotoWrites {
  /** The product, locked for the rest of the transaction; null when there is none. */
  lockProduct(id: number): Promise<PhotoOwnerFacts | null>;
  productPhotos(productId: number): Promise<ProductPhotoRow[]>;
  addProductPhotos(productId: number, files: readonly string[]): Promise<void>;
  /** Sets `sort` to each id's place in `ids` (0, 1, …). */
  orderProductPhotos(productId: number, ids: readonly number[]): Promise<void>;
  deleteProductPhoto(productId: number, photoId: number): Promise<boolean>;
  /** The shop (type `shop`) with its photo files, locked; null when there is none. */
  lockShop(id: number): Promise<(PhotoOwnerFacts & { photos: string[] }) | null>;
  setShopPhotos(shopId: number, files: readonly string[]): Promise<void>;
}

/** A photo as the back office shows it; a shop's photo has no row of its own, its id is its file name. */
export interface PhotoView {
  id: number | string;
  file: string;
  sort: number;
}

export interface PhotoBoard {
  owner: PhotoOwnerFacts;
  photos: PhotoView[];
}
