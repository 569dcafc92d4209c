import type { LucideIcon } from 'lucide-react';
import { ShopLink } from '~/components/ui/ShopLink';
import styles from './EmptyState.module.css';

/** What an empty cart or wishlist shows: what happened and where to go next. */
export function EmptyState({ Icon, title, text }: { Icon: LucideIcon; title: string; text: string }) {
  return (
    <div className={styles.empty}>
      <Icon size={40} strokeWidth={1.25} aria-hidden />
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.text}>{text}</p>
      <div className={styles.links}>
        <ShopLink to="/catalog/women/" className={styles.link}>
          Женщинам
        </ShopLink>
        <ShopLink to="/catalog/man/" className={styles.link}>
          Мужчинам
        </ShopLink>
      </div>
    </div>
  );
}
