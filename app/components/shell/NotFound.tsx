import { ShopLink } from '~/components/ui/ShopLink';
import { LazyViewedRow } from '~/components/related/lazy';
import { pageOptions } from '~/lib/api';
import styles from './NotFound.module.css';

export function NotFound() {
  return (
    <main id="main" className={`container ${styles.page}`}>
      <title>Страница не найдена — ВЬЮГА</title>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>Такой страницы нет</h1>
      <p className={styles.text}>
        Возможно, товар закончился или ссылка устарела. Загляните в каталог — там много тёплого.
      </p>
      <div className={styles.links}>
        <ShopLink className={styles.primary} to="/catalog/women/">
          Женщинам
        </ShopLink>
        <ShopLink className={styles.primary} to="/catalog/man/">
          Мужчинам
        </ShopLink>
        <ShopLink className={styles.secondary} to="/">
          На главную
        </ShopLink>
      </div>
      {/* Issue 44.3: the products this browser viewed, loaded after the page. */}
      <ViewedOnNotFound />
    </main>
  );
}

function ViewedOnNotFound() {
  // The error page has no loader data: the image version is the page's options.
  return typeof document === 'undefined' ? null : <LazyViewedRow imgVersion={pageOptions().imgVersion} />;
}
