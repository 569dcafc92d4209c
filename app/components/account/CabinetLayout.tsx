import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { AskQuestion } from '~/components/feedback/AskQuestion';
import { logoutHref } from '~/lib/logout';
import styles from './Cabinet.module.css';

const ENTRIES = [
  ['Персональные данные', '/lk/'],
  ['Мои заказы', '/lk/order/'],
  ['Мои адреса', '/lk/address/'],
  ['Дисконтная карта', '/lk/dc/'],
  ['Избранное', '/lk/like/'],
  ['Ожидаю поступления', '/lk/subscriptions/'],
  ['Задать вопрос', '/lk/questions/'],
] as const;

/** The cabinet's frame: its sections, and the page's own content. */
export function CabinetLayout({ title, children }: { title: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <main id="main" className={`container ${styles.page}`}>
      <nav className={styles.nav} aria-label="Личный кабинет">
        <ul>
          {ENTRIES.map(([label, href]) => (
            <li key={href}>
              <NavLink to={href} end>
                {label}
              </NavLink>
            </li>
          ))}
          <li>
            <a href={logoutHref(location)}>Выход</a>
          </li>
        </ul>
      </nav>
      <div>
        <h1 className={styles.title}>{title}</h1>
        {children}
        {location.pathname !== '/lk/questions/' && (
          <AskQuestion about="Вопрос о заказе, бонусах или карте? Ответим в течение рабочего дня." />
        )}
      </div>
    </main>
  );
}
