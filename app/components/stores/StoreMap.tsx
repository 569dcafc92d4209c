import { useRouteLoaderData } from 'react-router';
import { PlacesMap } from '~/components/maps/PlacesMap';
import type { RootData } from '~/root';
import { type MapShop, ShopsSchematic } from './ShopsSchematic';

/**
 * The shops on a map: the maps service's when the shop has a key (spec §7), else the shop's own schematic, so the
 * page is never without one. A marker leads to its shop's page.
 */
export function StoreMap({ shops, label, chosenId }: { shops: MapShop[]; label: string; chosenId?: number }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  if (root?.options.mapServiceKey)
    return (
      <PlacesMap
        places={shops}
        chosenId={chosenId ?? null}
        onChoose={(id) => {
          const shop = shops.find((s) => s.id === id);
          if (shop) window.location.assign(shop.url);
        }}
        label={label}
      />
    );
  return <ShopsSchematic shops={shops} label={label} chosenId={chosenId} />;
}
