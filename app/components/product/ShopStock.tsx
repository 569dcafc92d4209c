import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { ProductOffer, ShopAvailability } from '../../../domain/catalog/product/product';
import { plural } from '../../../domain/text/plural';
import { Dialog } from '~/components/ui/Dialog';
import { postApi } from '~/lib/api';
import type { RootData } from '~/root';
import styles from './ShopStock.module.css';

const SHOP_FORMS = ['магазине', 'магазинах', 'магазинах'] as const;

type Load =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'done'; data: ShopAvailability };

interface Props {
  productId: number;
  /** Name and colour, shown above the list so the shopper knows what it is about. */
  productName: string;
  /** The colour's offers in size order. */
  offers: readonly ProductOffer[];
  chosen: ProductOffer | null;
}

/**
 * «Наличие в магазинах»: asks `product/available/get` for the shops that hold the product and lists them by city,
 * the shopper's city first, for the chosen size or for every size. Errors are shown in the dialog: «Не удалось
 * загрузить данные» on a network failure, the server's first message otherwise.
 */
export function ShopStock({ productId, productName, offers, chosen }: Props) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const [open, setOpen] = useState(false);
  const [load, setLoad] = useState<Load>({ state: 'idle' });
  const [sizeId, setSizeId] = useState<number | null>(null);
  const inShops = offers.some((o) => o.inShops);

  const fetchStock = async () => {
    setLoad({ state: 'loading' });
    const answer = await postApi('productAvailable', { id: productId });
    setLoad(answer.ok ? { state: 'done', data: answer.data } : { state: 'error', message: answer.message });
  };
  const openDialog = () => {
    setSizeId(chosen?.id ?? null);
    setOpen(true);
    if (load.state !== 'done' && load.state !== 'loading') void fetchStock();
  };

  return (
    <div className={styles.wrap}>
      <button type="button" className={styles.open} onClick={openDialog} aria-haspopup="dialog">
        <MapPin size={18} aria-hidden />
        <span>Наличие в магазинах</span>
      </button>
      {!inShops && <p className={styles.hint}>Сейчас этого цвета нет в магазинах — закажите онлайн</p>}
      <Dialog open={open} onClose={() => setOpen(false)} title="Наличие в магазинах">
        <div className={styles.body}>
          <p className={styles.product}>{productName}</p>
          {load.state === 'loading' && (
            <p className={styles.status} role="status">
              Загружаем наличие…
            </p>
          )}
          {load.state === 'error' && (
            <div className={styles.error} role="alert">
              <p>{load.message}</p>
              <button type="button" className={styles.retry} onClick={fetchStock}>
                Повторить
              </button>
            </div>
          )}
          {load.state === 'done' && (
            <StockList data={load.data} sizeId={sizeId} onSize={setSizeId} ownCityId={root?.city?.id ?? null} />
          )}
        </div>
      </Dialog>
    </div>
  );
}

function StockList({
  data,
  sizeId,
  onSize,
  ownCityId,
}: {
  data: ShopAvailability;
  sizeId: number | null;
  onSize: (id: number | null) => void;
  ownCityId: number | null;
}) {
  const sizeName = (id: number) => data.offers.find((o) => o.id === id)?.sizeName ?? '';
  const cities = data.cities
    .map((city) => ({ ...city, shops: city.shops.filter((s) => sizeId === null || (s.quantities[sizeId] ?? 0) > 0) }))
    .filter((city) => city.shops.length > 0)
    .sort((a, b) => Number(b.id === ownCityId) - Number(a.id === ownCityId));
  const shopCount = cities.reduce((n, c) => n + c.shops.length, 0);
  return (
    <>
      <fieldset className={styles.sizes}>
        <legend className="visually-hidden">Размер</legend>
        <button type="button" className={styles.chip} aria-pressed={sizeId === null} onClick={() => onSize(null)}>
          Все размеры
        </button>
        {data.offers.map((o) => (
          <button
            key={o.id}
            type="button"
            className={styles.chip}
            aria-pressed={sizeId === o.id}
            onClick={() => onSize(o.id)}
          >
            {o.sizeName}
          </button>
        ))}
      </fieldset>
      <p className={styles.summary} role="status">
        {shopCount === 0
          ? sizeId === null
            ? 'Сейчас этого товара нет в магазинах. Его можно заказать онлайн, если размер есть на складе.'
            : `Размера ${sizeName(sizeId)} сейчас нет в магазинах.`
          : `${sizeId === null ? 'Есть' : `Размер ${sizeName(sizeId)} есть`} в ${shopCount} ${plural(shopCount, SHOP_FORMS)}`}
      </p>
      {cities.map((city) => (
        <section key={city.id} className={styles.city} aria-labelledby={`stock-city-${city.id}`}>
          <h3 id={`stock-city-${city.id}`} className={styles.cityName}>
            {city.name}
          </h3>
          <ul className={styles.shops}>
            {city.shops.map((shop) => (
              <li key={shop.id} className={styles.shop}>
                <div className={styles.shopHead}>
                  <span className={styles.shopName}>{shop.name}</span>
                  {sizeId !== null && <span className={styles.qty}>{`${shop.quantities[sizeId]}\u00a0шт.`}</span>}
                </div>
                <p className={styles.address}>
                  {shop.address}
                  {shop.metro && <span className={styles.metro}>{`м.\u00a0${shop.metro}`}</span>}
                </p>
                <p className={styles.hours}>{shop.hours}</p>
                {sizeId === null && (
                  <p className={styles.inStock}>
                    {'Размеры: '}
                    {data.offers
                      .filter((o) => (shop.quantities[o.id] ?? 0) > 0)
                      .map((o) => `${o.sizeName} (${shop.quantities[o.id]}\u00a0шт.)`)
                      .join(', ')}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
