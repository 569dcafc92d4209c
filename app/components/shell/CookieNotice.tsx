import { useEffect, useState } from 'react';
import { readCookie, writeCookie } from '~/lib/cookies';
import styles from './CookieNotice.module.css';

/** Remembers that the notice was answered, so it is shown once. */
export const NOTICE_COOKIE = 'cookie_notice';
/** Spec §7: `Y` turns the shop's analytics and Yandex Metrica off. */
export const STOP_COOKIE = 'stopmetrica';

/**
 * The cookie notice (issue 43.4), only where the shop has a Metrica counter: «Понятно» closes it, «Отказаться» also
 * turns the counter off for a year. Drawn after hydration from the browser's cookies: the page itself is the same
 * for every visitor (and cached).
 */
export function CookieNotice({ metrica }: { metrica: boolean }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (metrica && !readCookie(document.cookie, NOTICE_COOKIE)) setOpen(true);
  }, [metrica]);
  if (!open) return null;
  const answer = (refuse: boolean) => {
    if (refuse) writeCookie(STOP_COOKIE, 'Y', 365);
    writeCookie(NOTICE_COOKIE, 'Y', 365);
    setOpen(false);
  };
  return (
    <section className={styles.notice} aria-label="Файлы cookie">
      <p>
        Мы используем файлы cookie и Яндекс Метрику, чтобы понимать, как работает магазин. Подробнее — в{' '}
        <a href="/agreement/">соглашении об обработке данных</a>.
      </p>
      <div className={styles.buttons}>
        <button type="button" className={styles.accept} onClick={() => answer(false)}>
          Понятно
        </button>
        <button type="button" className={styles.refuse} onClick={() => answer(true)}>
          Отказаться
        </button>
      </div>
    </section>
  );
}
