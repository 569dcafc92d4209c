import { Suspense, useEffect, useState } from 'react';
import { useFetcher, useLocation, useRouteLoaderData } from 'react-router';
import type { RootData } from '~/root';
import { Dialog } from '~/components/ui/Dialog';
import { openAuthDialog, useAuthDialog } from '~/lib/auth-dialog';
import { safeBackurl } from '~/lib/backurl';
import { lazyChunk } from '~/lib/chunks';
import { AUTH_PAGES } from './AuthLink';
import type { LoginResult } from './LoginForms';
import type { RegisterResult } from './RegisterForm';
import styles from './AccountForms.module.css';
import { CARD_START_PERCENT } from '../../../domain/cabinet/discount-card';

// The forms load with the first opening of a popup, not with every page.
const LoginForms = lazyChunk(() => import('./LoginForms').then((m) => ({ default: m.LoginForms })));
const RegisterForm = lazyChunk(() => import('./RegisterForm').then((m) => ({ default: m.RegisterForm })));
const loading = <p className={styles.hint}>Загружаем форму…</p>;

interface Notice {
  email: string;
  card: boolean;
}

/**
 * The account popups of spec §4: login (success reloads the page), registration and registration with a card
 * (success closes the popup and shows the email-confirmation notice where the shop asks for it), and the notice,
 * whose closing reloads the page — or, on /auth/, goes on to where the visitor was heading.
 */
export function AuthDialogs() {
  const open = useAuthDialog();
  const letters = (useRouteLoaderData('root') as RootData | undefined)?.bonusTexts.letters ?? '';
  const location = useLocation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const onAuthPage = location.pathname.startsWith('/auth/');
  const backurl = onAuthPage
    ? safeBackurl(new URLSearchParams(location.search).get('backurl'))
    : `${location.pathname}${location.search}`;
  const leave = () => (onAuthPage ? window.location.assign(backurl) : window.location.reload());
  const close = () => openAuthDialog(null);
  const card = open === 'registerdc';
  // Mounted only while open: nothing of them in the page's HTML, and each opening starts with an empty form.
  return (
    <>
      {open === 'login' && (
        <Dialog open onClose={close} title="Вход">
          <LoginPopup backurl={backurl} />
        </Dialog>
      )}
      {(open === 'register' || card) && (
        <Dialog open onClose={close} title={card ? 'Регистрация с дисконтной картой' : 'Регистрация'}>
          <RegisterPopup
            card={card}
            backurl={backurl}
            onRegistered={({ email, emailConfirmNotice }) => {
              close();
              if (emailConfirmNotice) setNotice({ email, card });
              else leave();
            }}
          />
        </Dialog>
      )}
      {notice && (
        <Dialog open onClose={leave} title={notice.card ? 'Карта оформлена' : 'Подтвердите email'}>
          <div className={styles.form}>
            <p className={styles.noticeText}>
              {notice.card ? 'Номер карты и бонусы — в личном кабинете. ' : ''}Мы отправили письмо со ссылкой на{' '}
              <b>{notice.email}</b>. {`Перейдите по ней, чтобы подтвердить адрес: на него придут ${letters}.`}
            </p>
            <p className={`${styles.hint} ${styles.noticeText}`}>
              Письма нет? Проверьте папку «Спам» или запросите новое в личном кабинете.
            </p>
            <button type="button" className={styles.button} onClick={leave}>
              Понятно
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}

function LoginPopup({ backurl }: { backurl: string }) {
  const fetcher = useFetcher<LoginResult>();
  const result = fetcher.data;
  return (
    <>
      {result?.field === 'form' && (
        <p className={styles.error} role="alert">
          {result.error}
        </p>
      )}
      <Suspense fallback={loading}>
        <LoginForms Form={fetcher.Form} result={result} backurl={backurl} />
      </Suspense>
    </>
  );
}

function RegisterPopup({
  card,
  backurl,
  onRegistered,
}: {
  card: boolean;
  backurl: string;
  onRegistered: (registered: NonNullable<RegisterResult['registered']>) => void;
}) {
  const fetcher = useFetcher<RegisterResult>();
  const registered = fetcher.data?.registered;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer; the callback is a new function each render
  useEffect(() => {
    if (registered) onRegistered(registered);
  }, [registered]);
  return (
    <>
      <p className={styles.hint}>
        {card
          ? `Карта со скидкой ${CARD_START_PERCENT} % появится в личном кабинете сразу после регистрации.`
          : 'Аккаунт хранит заказы, адреса и бонусы.'}
      </p>
      <Suspense fallback={loading}>
        <RegisterForm
          Form={fetcher.Form}
          action={AUTH_PAGES[card ? 'registerdc' : 'register']}
          result={fetcher.data}
          backurl={backurl}
          place="popup"
        />
      </Suspense>
      {!card && (
        <p className={styles.switch}>
          Нужна дисконтная карта?{' '}
          <button type="button" className={styles.linkButton} onClick={() => openAuthDialog('registerdc')}>
            Оформить её при регистрации
          </button>
        </p>
      )}
      <p className={styles.switch}>
        Уже есть аккаунт?{' '}
        <button type="button" className={styles.linkButton} onClick={() => openAuthDialog('login')}>
          Войти
        </button>
      </p>
    </>
  );
}
