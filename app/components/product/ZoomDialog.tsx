import { ChevronLeft, ChevronRight, X, ZoomIn, ZoomOut } from 'lucide-react';
import { useRef, useState } from 'react';
import { SWIPE_THRESHOLD_PX, touchGesture } from '~/lib/touch';
import { useModalDialog } from '~/components/ui/use-modal-dialog';
import { imageUrl } from '../../../contract/images';
import styles from './ZoomDialog.module.css';

interface Props {
  images: readonly string[];
  /** The shown photo; null while closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
  name: string;
  imgVersion: string;
}

/**
 * The source photos full screen, on the native <dialog> (focus trap, Escape); arrows and ← → keys page through.
 * The photo first fits the window; «Приблизить» (or a click on it) shows it at its full 852 px size to scroll over.
 * On a touch screen a swipe across the fitted photo pages through and a tap zooms (spec §9's touch constants); the
 * zoomed photo is panned by the finger, so there only a tap counts.
 */
export function ZoomDialog({ images, index, onIndex, onClose, name, imgVersion }: Props) {
  const ref = useModalDialog(index !== null);
  const [zoomed, setZoomed] = useState(false);
  /** Where and when the one finger touched the photo; null for none or for a pinch. */
  const touch = useRef<{ x: number; y: number; time: number } | null>(null);
  // The next opening starts with the photo fitted to the window again.
  const close = () => {
    setZoomed(false);
    onClose();
  };

  const count = images.length;
  const go = (step: number) => index !== null && onIndex((index + step + count) % count);
  const file = index !== null ? images[index] : undefined;
  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${zoomed ? styles.zoomed : ''}`}
      aria-label={`${name}: увеличенное фото`}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') go(1);
        if (e.key === 'ArrowLeft') go(-1);
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      {file && (
        <>
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the «Приблизить» button does the same from the keyboard */}
          <img
            className={styles.image}
            src={imageUrl(file, 'source', imgVersion)}
            alt={`${name}, фото ${(index ?? 0) + 1}`}
            width={852}
            height={1278}
            onClick={() => setZoomed(!zoomed)}
            onTouchStart={(e) => {
              const finger = e.touches[0];
              touch.current =
                e.touches.length === 1 && finger ? { x: finger.clientX, y: finger.clientY, time: e.timeStamp } : null;
            }}
            onTouchEnd={(e) => {
              const start = touch.current;
              const finger = e.changedTouches[0];
              touch.current = null;
              if (!start || !finger) return;
              // The gesture decides: the click the browser would make of the touch must not zoom again.
              e.preventDefault();
              const dx = finger.clientX - start.x;
              const dy = finger.clientY - start.y;
              const gesture = touchGesture(dx, dy, e.timeStamp - start.time);
              // Zoomed in, a finger that moved was panning the photo: only a still tap zooms out.
              const panned = zoomed && Math.hypot(dx, dy) > SWIPE_THRESHOLD_PX;
              if (gesture === 'tap' && !panned) setZoomed(!zoomed);
              else if (gesture && !zoomed) go(gesture === 'next' ? 1 : -1);
            }}
          />
          <div className={styles.tools}>
            <button
              type="button"
              className={styles.tool}
              onClick={() => setZoomed(!zoomed)}
              aria-pressed={zoomed}
              aria-label={zoomed ? 'Отдалить' : 'Приблизить'}
            >
              {zoomed ? <ZoomOut size={22} aria-hidden /> : <ZoomIn size={22} aria-hidden />}
            </button>
            <button type="button" className={styles.tool} onClick={close} aria-label="Закрыть">
              <X size={24} aria-hidden />
            </button>
          </div>
          {count > 1 && (
            <>
              <button
                type="button"
                className={`${styles.nav} ${styles.prev}`}
                onClick={() => go(-1)}
                aria-label="Предыдущее фото"
              >
                <ChevronLeft size={28} aria-hidden />
              </button>
              <button
                type="button"
                className={`${styles.nav} ${styles.next}`}
                onClick={() => go(1)}
                aria-label="Следующее фото"
              >
                <ChevronRight size={28} aria-hidden />
              </button>
              <p className={styles.counter}>{`${(index ?? 0) + 1} / ${count}`}</p>
            </>
          )}
        </>
      )}
    </dialog>
  );
}
