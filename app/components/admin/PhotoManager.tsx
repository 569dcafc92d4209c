import { Form, Link, useNavigation } from 'react-router';
import { imageUrl } from '../../../contract/images';
import type { PhotoBoard } from '../../../domain/photos/photos';
import admin from '../../routes/admin/admin.module.css';
import type { FormOutcome } from '~/lib/admin-action';
import { FormResult } from './kit';
import styles from './PhotoManager.module.css';

export interface PhotoManagerProps {
  board: PhotoBoard;
  kind: 'product' | 'shop';
  imgVersion: string;
  maxMb: number;
  /** The photo whose removal is being confirmed (`?delete=`), if any. */
  confirm: string | null;
  result?: FormOutcome;
}

/** What a photo page says of its owner, by kind: where its card is, and «товара» or «магазина». */
const OWNER = {
  product: { card: '/admin/products/', of: 'товара', title: 'товар' },
  shop: { card: '/admin/shops/', of: 'магазина', title: 'магазин' },
} as const;

/** A photo page's title and robots rule. */
export const photoMeta = (kind: PhotoManagerProps['kind'], board: PhotoBoard | undefined) => [
  { title: `Фото: ${board?.owner.name ?? OWNER[kind].title} — ВЬЮГА` },
  { name: 'robots', content: 'noindex' },
];

/** A product's or shop's photo page: the way back to its card and to its page on the site, then its photos. */
export function PhotoPage(props: Omit<PhotoManagerProps, 'result'> & { result: unknown }) {
  const { board, kind } = props;
  const owner = OWNER[kind];
  return (
    <>
      <p className={styles.back}>
        <Link to={`${owner.card}${board.owner.id}/`}>{`← К карточке ${owner.of}`}</Link>
        {' · '}
        <a href={board.owner.href}>{`Страница ${owner.of} на сайте`}</a>
      </p>
      <h1>{`Фото ${owner.of} «${board.owner.name}»`}</h1>
      <PhotoManager {...props} result={props.result as FormOutcome | undefined} />
    </>
  );
}

/**
 * A product's or shop's photos in order, the first the main one: upload (several files at once), move up or down,
 * make main, delete after a confirmation. Plain forms: all of it works without JavaScript.
 */
export function PhotoManager({ board, kind, imgVersion, maxMb, confirm, result }: PhotoManagerProps) {
  const busy = useNavigation().state === 'submitting';
  const size = kind === 'product' ? 'listingMobile' : 'shopThumb';
  const confirming = board.photos.find((p) => String(p.id) === confirm);
  const count = board.photos.length;
  return (
    <div className={styles.manager}>
      <FormResult result={result} />
      {confirming && (
        <section className={styles.confirm} aria-labelledby="photo-delete-title">
          <h2 id="photo-delete-title">Удалить фото {board.photos.indexOf(confirming) + 1}?</h2>
          <img
            src={imageUrl(confirming.file, size, imgVersion)}
            alt={`Фото ${board.photos.indexOf(confirming) + 1}, которое будет удалено`}
            className={kind === 'product' ? styles.thumb : styles.shopThumb}
          />
          <p>Фото пропадёт со страниц магазина сразу после удаления.</p>
          <div className={styles.actions}>
            <Form method="post" action="?">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={String(confirming.id)} />
              <button type="submit" className={admin.danger} disabled={busy}>
                Да, удалить фото
              </button>
            </Form>
            <Link to="?" className={styles.cancel}>
              Отмена
            </Link>
          </div>
        </section>
      )}
      <section aria-labelledby="photo-upload-title" className={styles.upload}>
        <h2 id="photo-upload-title">Загрузить фото</h2>
        {/* Keyed by the last outcome: after an upload the form is new, its file field empty. */}
        <Form
          key={result?.done ?? 'upload'}
          method="post"
          encType="multipart/form-data"
          action="?"
          className={styles.uploadForm}
        >
          <input type="hidden" name="intent" value="upload" />
          <label htmlFor="photo-files">Файлы фото</label>
          <input
            id="photo-files"
            type="file"
            name="file"
            multiple
            required
            accept="image/jpeg,image/png,image/webp"
            aria-describedby="photo-rules"
          />
          <p id="photo-rules" className={admin.muted}>
            JPEG, PNG или WebP; не меньше 600 пикселей по короткой стороне, не больше 40 мегапикселей и {maxMb} МБ за
            одну загрузку. Новые фото встают в конец списка.
          </p>
          <button type="submit" className={admin.button} disabled={busy}>
            {busy ? 'Загружаем…' : 'Загрузить'}
          </button>
        </Form>
      </section>
      <section aria-labelledby="photo-list-title">
        <h2 id="photo-list-title">Фото по порядку ({count})</h2>
        {count === 0 ? (
          <p className={admin.muted}>Фото пока нет.</p>
        ) : (
          <ol className={styles.list}>
            {board.photos.map((p, i) => {
              const label = i === 0 ? 'Главное фото' : `Фото ${i + 1}`;
              return (
                <li key={p.id} className={styles.card}>
                  <img
                    src={imageUrl(p.file, size, imgVersion)}
                    alt={label}
                    className={kind === 'product' ? styles.thumb : styles.shopThumb}
                    loading={i > 8 ? 'lazy' : undefined}
                  />
                  <p className={i === 0 ? styles.main : styles.place}>{label}</p>
                  <div className={styles.actions}>
                    <MoveButton id={p.id} move="up" disabled={busy || i === 0} text="Выше" about={label} />
                    <MoveButton id={p.id} move="down" disabled={busy || i === count - 1} text="Ниже" about={label} />
                    {i > 0 && <MoveButton id={p.id} move="main" disabled={busy} text="Сделать главным" about={label} />}
                    <Link to={`?delete=${encodeURIComponent(String(p.id))}`} className={styles.remove}>
                      Удалить<span className="visually-hidden">{` ${label.toLowerCase()}`}</span>
                    </Link>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </div>
  );
}

function MoveButton(props: { id: number | string; move: string; disabled: boolean; text: string; about: string }) {
  return (
    <Form method="post" action="?">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={String(props.id)} />
      <input type="hidden" name="move" value={props.move} />
      <button type="submit" className={styles.small} disabled={props.disabled}>
        {props.text}
        <span className="visually-hidden">{`: ${props.about.toLowerCase()}`}</span>
      </button>
    </Form>
  );
}
