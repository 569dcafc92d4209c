import { Link } from 'react-router';
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
        <Link className={styles.primary} to="/catalog/women/">
          Женщинам
        </Link>
        <Link className={styles.primary} to="/catalog/man/">
          Мужчинам
        </Link>
        <Link className={styles.secondary} to="/">
          На главную
        </Link>
      </div>
    </main>
  );
}
