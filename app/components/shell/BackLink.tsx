import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ShopLink } from '~/components/ui/ShopLink';
import styles from './BackLink.module.css';

/** Spec §2: where the back action goes when the visitor has no history in the shop (a link from outside, a new tab). */
export const BACK_FALLBACK = '/catalog/';

/**
 * The back action: the previous page of the visit, or the catalogue when this page is the visit's first. React
 * Router numbers its history entries (`idx`, 0 for the first, kept by a replace), so a page reached from another
 * site, a bookmark or a new tab has none to go back to. Without JavaScript it is a link to the catalogue.
 */
export function BackLink() {
  const navigate = useNavigate();
  return (
    <ShopLink
      to={BACK_FALLBACK}
      className={styles.back}
      onClick={(event) => {
        if (!((window.history.state as { idx?: number } | null)?.idx ?? 0)) return;
        event.preventDefault();
        navigate(-1);
      }}
    >
      <ArrowLeft size={18} aria-hidden /> Назад
    </ShopLink>
  );
}
