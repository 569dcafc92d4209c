import { User } from 'lucide-react';
import { useRef, useState } from 'react';
import { ShopLink } from '~/components/ui/ShopLink';
import { useLocation } from 'react-router';
import { logoutHref } from '~/lib/logout';
import styles from './AccountMenu.module.css';
import headerStyles from './Header.module.css';

/** Spec §2/§9: the dropdown opens on hover and closes 300 ms after the pointer leaves. */
const CLOSE_DELAY_MS = 300;

const ENTRIES = [
  ['Мои заказы', '/lk/order/'],
  ['Задать вопрос', '/contacts/'],
  ['Мои адреса', '/lk/address/'],
  ['Персональные данные', '/lk/'],
] as const;

export function AccountMenu({ user }: { user: { name: string } | null }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  if (!user) {
    return (
      <ShopLink to="/auth/" className={headerStyles.icon} aria-label="Войти в личный кабинет">
        <User size={21} aria-hidden />
      </ShopLink>
    );
  }
  const show = () => {
    clearTimeout(timer.current);
    setOpen(true);
  };
  const hide = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus of the link inside open the popup; the link itself is the control
    <div
      className={styles.account}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
    >
      <ShopLink
        to="/lk/"
        className={styles.link}
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={`Личный кабинет: ${user.name || 'профиль'}`}
      >
        <User size={21} aria-hidden />
        <span className={styles.name}>{user.name}</span>
      </ShopLink>
      {open && (
        <ul className={styles.dropdown}>
          {ENTRIES.map(([label, href]) => (
            <li key={href}>
              <ShopLink to={href}>{label}</ShopLink>
            </li>
          ))}
          <li>
            <a href={logoutHref(location)}>Выход</a>
          </li>
        </ul>
      )}
    </div>
  );
}
