import { ChevronDown, LocateFixed, MapPin } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { type ApiAnswer, postApi } from '~/lib/api';
import { canLocate, locateCity } from '~/lib/locate-city';
import type { RootData } from '~/root';
import { townAddress } from '../order/town';
import { Dialog } from '../ui/Dialog';
import styles from './CityLine.module.css';

/** Spec §9: the phone list closes 200 ms after the pointer leaves. */
const PHONES_CLOSE_MS = 200;
// Loaded when the city dialog first opens: most visitors never search for a town.
const TownSearch = lazy(() => import('../order/TownSearch').then((m) => ({ default: m.TownSearch })));

export function CityLine({ city, cities }: { city: RootData['city']; cities: RootData['cities'] }) {
  const [choosing, setChoosing] = useState(false);
  const [phonesOpen, setPhonesOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  if (!city) return null;
  const [first, ...rest] = city.phones;
  const open = () => {
    clearTimeout(closeTimer.current);
    setPhonesOpen(true);
  };
  const close = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setPhonesOpen(false), PHONES_CLOSE_MS);
  };
  return (
    <div className={styles.line}>
      <span>Ваш город:</span>
      <button type="button" className={styles.city} onClick={() => setChoosing(true)} aria-haspopup="dialog">
        <MapPin size={13} aria-hidden /> {city.name}
      </button>
      {first && (
        // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus of the phone links inside show the other numbers
        <div className={styles.phones} onMouseEnter={open} onMouseLeave={close} onFocus={open} onBlur={close}>
          <a href={`tel:${first.replace(/[^\d+]/g, '')}`} className={styles.phone}>
            {first}
          </a>
          {rest.length > 0 && (
            <>
              <button
                type="button"
                className={styles.more}
                aria-label="Другие телефоны"
                aria-expanded={phonesOpen}
                onClick={() => setPhonesOpen((v) => !v)}
              >
                <ChevronDown size={13} aria-hidden />
              </button>
              {phonesOpen && (
                <ul className={styles.list}>
                  {rest.map((p) => (
                    <li key={p}>
                      <a href={`tel:${p.replace(/[^\d+]/g, '')}`}>{p}</a>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      )}
      <CityDialog open={choosing} onClose={() => setChoosing(false)} cities={cities} current={city.id} />
    </div>
  );
}

function CityDialog({
  open,
  onClose,
  cities,
  current,
}: {
  open: boolean;
  onClose: () => void;
  cities: RootData['cities'];
  current: number;
}) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // Known after hydration only: the server's page has no geolocation.
  const [locatable, setLocatable] = useState(false);
  useEffect(() => setLocatable(canLocate()), []);
  const settle = async (call: Promise<ApiAnswer<unknown>>) => {
    setBusy(true);
    setError('');
    const answer = await call;
    if (answer.ok) window.location.reload();
    else {
      setBusy(false);
      setError(answer.message);
    }
  };
  const choose = (id: number) => settle(postApi('regionSet', { method: 'user.location.setRegion', id }));
  // Issue 42: any town the carrier delivers to, by typing; the call makes it the visitor's region as a shop city.
  const chooseTown = (address: string) => settle(postApi('regionByAddress', { address }));
  return (
    <Dialog open={open} onClose={onClose} title="Выберите город">
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {locatable && (
        <button type="button" className={styles.locate} disabled={busy} onClick={() => settle(locateCity())}>
          <LocateFixed size={14} aria-hidden /> Определить по местоположению
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <TownSearch label="Найти город" inline disabled={busy} onChoose={(town) => chooseTown(townAddress(town))} />
        </Suspense>
      )}
      <ul className={styles.cities} aria-busy={busy}>
        {cities.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              disabled={busy}
              aria-current={c.id === current || undefined}
              onClick={() => choose(c.id)}
            >
              {c.name}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
