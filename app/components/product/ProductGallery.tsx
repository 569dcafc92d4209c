import { Maximize2 } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { imageUrl } from '../../../contract/images';
import { lazyChunk } from '~/lib/chunks';
import styles from './ProductGallery.module.css';

/** The full-screen zoom is fetched at its first opening: a page's load does not need it. */
const ZoomDialog = lazyChunk(() => import('./ZoomDialog').then((m) => ({ default: m.ZoomDialog })));

interface Props {
  /** Source file names, the main photo first. */
  images: readonly string[];
  /** What the photos show, for their alt text. */
  name: string;
  imgVersion: string;
}

/**
 * Thumbnails (78x116) beside a track of the detail photos (426x640, or the 852 px source on large or dense
 * screens). On phones the track is swiped, on desktops the thumbnails scroll it. Any photo opens the zoom.
 * Only the first photo loads at once; the others load as they come near.
 */
const GALLERY_SIZES = '(max-width: 675px) 100vw, (max-width: 1024px) 50vw, 560px';
const gallerySrcSet = (file: string, imgVersion: string) =>
  `${imageUrl(file, 'detail', imgVersion)} 426w, ${imageUrl(file, 'source', imgVersion)} 852w`;

export function ProductGallery({ images, name, imgVersion }: Props) {
  const [active, setActive] = useState(0);
  const [zoom, setZoom] = useState<number | null>(null);
  // Kept mounted after its first opening, as the dialog's own closing expects.
  const [zoomUsed, setZoomUsed] = useState(false);
  if (zoom !== null && !zoomUsed) setZoomUsed(true);
  const track = useRef<HTMLDivElement>(null);

  // Slides are as wide as the track on desktops and a little narrower on phones (the next one peeks in).
  const slides = () => [...(track.current?.children ?? [])] as HTMLElement[];
  const show = (index: number) => {
    const slide = slides()[index];
    setActive(index);
    if (!slide || !track.current) return;
    const behavior = window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
    track.current.scrollTo({ left: slide.offsetLeft - (slides()[0]?.offsetLeft ?? 0), behavior });
  };
  const onScroll = () => {
    const all = slides();
    const left = (track.current?.scrollLeft ?? 0) + (all[0]?.offsetLeft ?? 0);
    let nearest = 0;
    all.forEach((slide, i) => {
      if (Math.abs(slide.offsetLeft - left) < Math.abs((all[nearest]?.offsetLeft ?? 0) - left)) nearest = i;
    });
    setActive(nearest);
  };

  if (images.length === 0) return <div className={styles.empty} aria-hidden />;
  // The first photo is the page's largest paint: preloaded from the head (React puts the link there) at its size.
  const first = images[0] as string;
  preload(imageUrl(first, 'detail', imgVersion), {
    as: 'image',
    imageSrcSet: gallerySrcSet(first, imgVersion),
    imageSizes: GALLERY_SIZES,
    fetchPriority: 'high',
  });
  return (
    <section
      className={images.length > 1 ? styles.gallery : `${styles.gallery} ${styles.single}`}
      aria-label="Фотографии товара"
    >
      {images.length > 1 && (
        <ul className={styles.thumbs}>
          {images.map((file, i) => (
            <li key={file}>
              <button
                type="button"
                className={`${styles.thumb} ${i === active ? styles.active : ''}`}
                aria-label={`Фото ${i + 1} из ${images.length}`}
                aria-current={i === active ? 'true' : undefined}
                onClick={() => show(i)}
              >
                <img
                  src={imageUrl(file, 'thumb', imgVersion)}
                  alt=""
                  width={78}
                  height={116}
                  loading={i < 5 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.stage}>
        <div className={styles.track} ref={track} onScroll={onScroll}>
          {images.map((file, i) => (
            <button
              key={file}
              type="button"
              className={styles.slide}
              onClick={() => setZoom(i)}
              aria-label={`Увеличить фото ${i + 1} из ${images.length}`}
            >
              <img
                src={imageUrl(file, 'detail', imgVersion)}
                srcSet={gallerySrcSet(file, imgVersion)}
                sizes={GALLERY_SIZES}
                width={426}
                height={640}
                alt={i === 0 ? name : `${name}, фото ${i + 1}`}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding={i === 0 ? 'sync' : 'async'}
              />
            </button>
          ))}
        </div>
        <Maximize2 className={styles.zoomHint} size={20} aria-hidden />
        {images.length > 1 && <p className={styles.counter} aria-hidden>{`${active + 1} / ${images.length}`}</p>}
      </div>
      {zoomUsed && (
        <Suspense fallback={null}>
          <ZoomDialog
            images={images}
            index={zoom}
            onIndex={setZoom}
            onClose={() => setZoom(null)}
            name={name}
            imgVersion={imgVersion}
          />
        </Suspense>
      )}
    </section>
  );
}
