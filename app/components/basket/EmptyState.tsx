import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import styles from './EmptyState.module.css';

/** What an empty cart or wishlist shows: what happened and where to go next. */
export function EmptyState({ Icon, title, text }: { Icon: LucideIcon; title: string; text: string }) {
  return (
    <div className={styles.empty}>
      <Icon size={40} strokeWidth={1.25} aria-hidden />
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.text}>{text}</p>
      <div className={styles.links}>
        <Link to="/catalog/women/" className={styles.link}>
          Женщинам
        </Link>
        <Link to="/catalog/man/" className={styles.link}>
          Мужчинам
        </Link>
      </div>
    </div>
  );
}
