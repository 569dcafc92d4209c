import type { ListedPhotoStore, PhotoStore } from './photo-store';

/**
 * Copies every photo source from one store to another, for a move (to S3 from PostgreSQL or the data folder): the
 * uploads and 1C's photos, which nothing could make again. The sizes are not copied: each is made again on its first
 * request. A source the target has already keeps its body (a put is write-once). Answers how many were copied.
 */
export async function copyPhotoSources(
  from: ListedPhotoStore,
  to: PhotoStore,
  onCopied: (count: number) => void = () => {},
): Promise<number> {
  let count = 0;
  for await (const key of from.sourceKeys()) {
    const photo = await from.get(key);
    if (!photo) continue;
    await to.put(key, photo.body, photo.type);
    onCopied(++count);
  }
  return count;
}
