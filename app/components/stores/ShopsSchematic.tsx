import styles from './ShopsSchematic.module.css';

export interface MapShop {
  id: number;
  name: string;
  address: string;
  url: string;
  lat: number;
  lon: number;
}

const W = 640;
const H = 400;
const PAD = 48;

/**
 * The shop's own map when there is no maps service key (the default here): the city as a schematic — a soft
 * ground, ring roads and a river — with a marker per shop placed by latitude and longitude (an equirectangular
 * projection of the shops' bounds, longitudes shrunk by the cosine of the latitude). Nothing is fetched.
 */
export function ShopsSchematic({ shops, label, chosenId }: { shops: MapShop[]; label: string; chosenId?: number }) {
  if (shops.length === 0) return null;
  const lats = shops.map((s) => s.lat);
  const lons = shops.map((s) => s.lon);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const k = Math.cos((midLat * Math.PI) / 180);
  // At least ~4 km across, so one shop does not sit alone in an empty frame.
  const spanX = Math.max((Math.max(...lons) - Math.min(...lons)) * k, 0.04);
  const spanY = Math.max(Math.max(...lats) - Math.min(...lats), 0.04);
  const scale = Math.min((W - 2 * PAD) / spanX, (H - 2 * PAD) / spanY);
  const cx = ((Math.min(...lons) + Math.max(...lons)) / 2) * k;
  const cy = midLat;
  const place = (s: MapShop) => ({ x: W / 2 + (s.lon * k - cx) * scale, y: H / 2 - (s.lat - cy) * scale });
  return (
    <figure className={styles.map}>
      <svg viewBox={`0 0 ${W} ${H}`}>
        <title>{label}</title>
        <rect width={W} height={H} className={styles.ground} />
        {[60, 120, 185].map((r) => (
          <circle key={r} cx={W / 2} cy={H / 2} r={r} className={styles.ring} />
        ))}
        <path
          d={`M-10 ${H * 0.7} C ${W * 0.25} ${H * 0.45}, ${W * 0.45} ${H * 0.95}, ${W * 0.7} ${H * 0.6} S ${W + 10} ${H * 0.35}, ${W + 10} ${H * 0.3}`}
          className={styles.river}
        />
        {shops.map((s, i) => {
          const { x, y } = place(s);
          return (
            <a key={s.id} href={s.url} aria-label={`${i + 1}. ${s.name}, ${s.address}`}>
              <title>{`${s.name}, ${s.address}`}</title>
              <g transform={`translate(${x} ${y})`} className={s.id === chosenId ? styles.chosen : styles.marker}>
                <path d="M0 0 C -4 -8, -14 -14, -14 -24 A 14 14 0 1 1 14 -24 C 14 -14, 4 -8, 0 0 Z" />
                <text y="-19" textAnchor="middle">
                  {i + 1}
                </text>
              </g>
            </a>
          );
        })}
      </svg>
      <figcaption className={styles.caption}>Схема: метки — магазины, номера — как в списке</figcaption>
    </figure>
  );
}
