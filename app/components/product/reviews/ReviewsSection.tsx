import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyChunk } from '~/lib/chunks';
import { getApi } from '~/lib/api';
import type { ReviewJson, ReviewsPayload } from '../../../../contract/reviews';
import {
  FIT_NAMES,
  fitSummary,
  formatRating,
  REVIEW_FORMS,
  REVIEW_SORT_NAMES,
  REVIEW_SORTS,
  type Rating,
  type ReviewSort,
} from '../../../../domain/reviews/published';
import { formatDate, MOSCOW } from '../../../../domain/text/dates';
import { plural } from '../../../../domain/text/plural';
import { Stars } from './Stars';
import styles from './ReviewsSection.module.css';

const ZoomDialog = lazyChunk(() => import('../ZoomDialog').then((m) => ({ default: m.ZoomDialog })));

export interface ReviewsSectionProps {
  productId: number;
  /** The product's name, for the photos' descriptions. */
  productName: string;
  /** The rating from the product's kept columns (as the page's head shows it); null without reviews. */
  rating: Rating | null;
  /** The first page as the server rendered it, when it is this product's; otherwise the block asks the call. */
  initial: ReviewsPayload | null;
  imgVersion: string;
}

type Load = { kind: 'replace' | 'append'; page: number; sort: ReviewSort; photos: boolean };

/**
 * The product page's «Отзывы» (issue 44.2): the average, the model's fit summary, the sort and «С фото», and the
 * published reviews, each an <article> with the shop's answer under it. The first page comes with the page (the
 * same for everyone, so the page cache keeps it); the sort, the filter and «Показать ещё» ask the reviews call.
 */
export function ReviewsSection({ productId, productName, rating, initial, imgVersion }: ReviewsSectionProps) {
  const own = initial && initial.productId === productId ? initial : null;
  const [data, setData] = useState<ReviewsPayload | null>(own);
  const [items, setItems] = useState<ReviewJson[]>(own?.items ?? []);
  const [sort, setSort] = useState<ReviewSort>(own?.sort ?? 'newest');
  const [photosOnly, setPhotosOnly] = useState(own?.photos ?? false);
  const [busy, setBusy] = useState<Load['kind'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [zoom, setZoom] = useState<{ files: string[]; index: number } | null>(null);
  const [zoomUsed, setZoomUsed] = useState(false);
  const request = useRef(0);

  // The controls stay enabled while a page loads (a disabled one would drop the keyboard's focus): the last asked wins.
  const load = async ({ kind, page, sort: nextSort, photos }: Load) => {
    const id = ++request.current;
    setBusy(kind);
    setError(null);
    const params = new URLSearchParams({ productId: String(productId), page: String(page), sort: nextSort });
    if (photos) params.set('photos', '1');
    const answer = await getApi('productReviews', params);
    if (id !== request.current) return;
    setBusy(null);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    setData(answer.data);
    setItems((before) => (kind === 'append' ? [...before, ...answer.data.items] : answer.data.items));
  };

  // Another colour chosen on the page: its reviews are not in the page's HTML.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per product (the block is keyed by it)
  useEffect(() => {
    if (!own) void load({ kind: 'replace', page: 1, sort: 'newest', photos: false });
  }, []);

  const shown = data?.rating ?? rating ?? { average: 0, count: 0 };
  const count = shown.count;
  const fit = data ? fitSummary(data.fit) : null;
  const nav = data?.navigation;
  const more = nav ? nav.count - items.length : 0;

  const choose = (next: { sort?: ReviewSort; photos?: boolean }) => {
    const nextSort = next.sort ?? sort;
    const photos = next.photos ?? photosOnly;
    setSort(nextSort);
    setPhotosOnly(photos);
    void load({ kind: 'replace', page: 1, sort: nextSort, photos });
  };

  return (
    <section id="reviews" className={styles.section} aria-labelledby="reviews-title">
      <h2 id="reviews-title" className={styles.title}>
        Отзывы
        {count > 0 && (
          <>
            {' '}
            <span className={styles.total}>{count}</span>
          </>
        )}
      </h2>
      {count === 0 && !busy ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>Отзывов пока нет…</p>
          <p className={styles.emptyText}>
            Купили эту модель? Оставьте отзыв после получения заказа в личном кабинете, в разделе «Мои заказы»: другим
            покупателям важно знать, как она сидит.
          </p>
        </div>
      ) : (
        <div className={styles.layout}>
          <aside className={styles.summary} aria-label="Оценка и посадка">
            <p className={styles.average}>
              <span className={styles.averageNumber} aria-hidden="true">
                {formatRating(shown.average)}
              </span>
              <Stars value={shown.average} size="l" />
            </p>
            <p className={styles.basis}>{`на основе ${count}\u00a0${plural(count, REVIEW_FORMS)}`}</p>
            {fit && (
              <div className={styles.fit}>
                <p className={styles.verdict}>{fit.verdict}</p>
                <dl className={styles.shares}>
                  {(['small', 'true', 'large'] as const).map((key) => (
                    <div key={key} className={styles.share}>
                      <dt>{FIT_NAMES[key]}</dt>
                      <dd>
                        <span className={styles.bar} aria-hidden="true">
                          <span style={{ width: `${fit.shares[key]}%` }} />
                        </span>
                        <span className={styles.percent}>{`${fit.shares[key]}\u00a0%`}</span>
                      </dd>
                    </div>
                  ))}
                </dl>
              </div>
            )}
          </aside>
          <div className={styles.main}>
            <div className={styles.tools}>
              <label className={styles.sort}>
                <span className="visually-hidden">Сортировка отзывов</span>
                <select value={sort} onChange={(e) => choose({ sort: e.currentTarget.value as ReviewSort })}>
                  {REVIEW_SORTS.map((value) => (
                    <option key={value} value={value}>
                      {REVIEW_SORT_NAMES[value]}
                    </option>
                  ))}
                </select>
              </label>
              <label className={styles.chip}>
                <input
                  type="checkbox"
                  checked={photosOnly}
                  onChange={(e) => choose({ photos: e.currentTarget.checked })}
                />
                <span>С фото</span>
              </label>
            </div>
            {error && (
              <p className={styles.error} role="alert">
                {error}
              </p>
            )}
            <div className={styles.list} aria-busy={busy === 'replace'} data-testid="reviews-list">
              {items.length === 0 && busy === null && data && (
                <p className={styles.none}>{photosOnly ? 'Отзывов с фото пока нет.' : 'Отзывов пока нет.'}</p>
              )}
              {items.map((review) => (
                <ReviewArticle
                  key={review.id}
                  review={review}
                  productName={productName}
                  onPhoto={(index) => {
                    setZoomUsed(true);
                    setZoom({ files: review.photos.map((p) => p.file), index });
                  }}
                />
              ))}
            </div>
            {more > 0 && (
              <button
                type="button"
                className={styles.more}
                aria-disabled={busy !== null}
                aria-busy={busy === 'append'}
                onClick={() => {
                  if (busy === null)
                    void load({ kind: 'append', page: (nav?.page ?? 1) + 1, sort, photos: photosOnly });
                }}
              >
                {busy === 'append' ? 'Загружаем…' : 'Показать ещё'}
              </button>
            )}
          </div>
        </div>
      )}
      {zoomUsed && (
        <Suspense fallback={null}>
          <ZoomDialog
            images={zoom?.files ?? []}
            index={zoom ? zoom.index : null}
            onIndex={(index) => setZoom((z) => (z ? { ...z, index } : z))}
            onClose={() => setZoom(null)}
            name={`${productName}, фото покупателя`}
            imgVersion={imgVersion}
          />
        </Suspense>
      )}
    </section>
  );
}

function ReviewArticle({
  review,
  productName,
  onPhoto,
}: {
  review: ReviewJson;
  productName: string;
  onPhoto: (index: number) => void;
}) {
  const facts = [
    `Размер ${review.size}`,
    review.height ? `Рост ${review.height}\u00a0см` : null,
    FIT_NAMES[review.fit],
  ].filter(Boolean);
  return (
    <article className={styles.review} aria-label={`Отзыв: ${review.authorName}`}>
      <header className={styles.reviewHead}>
        <p className={styles.author}>{review.authorName}</p>
        <time className={styles.date} dateTime={review.date}>
          {formatDate(review.date, 'longDate', MOSCOW)}
        </time>
      </header>
      <Stars value={review.rating} size="s" />
      <p className={styles.facts}>{facts.join(' · ')}</p>
      <p className={styles.text}>{review.text}</p>
      {review.photos.length > 0 && (
        <ul className={styles.photos} aria-label="Фото покупателя">
          {review.photos.map((photo, i) => (
            <li key={photo.file}>
              <a
                href={photo.source}
                className={styles.photo}
                onClick={(e) => {
                  e.preventDefault();
                  onPhoto(i);
                }}
              >
                <img
                  src={photo.thumb}
                  width={78}
                  height={116}
                  loading="lazy"
                  decoding="async"
                  alt={`${productName}: фото ${i + 1} от покупателя ${review.authorName}, открыть крупно`}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.answer && (
        <div className={styles.answer}>
          <p className={styles.answerTitle}>Ответ магазина</p>
          <p className={styles.answerText}>{review.answer}</p>
        </div>
      )}
    </article>
  );
}
