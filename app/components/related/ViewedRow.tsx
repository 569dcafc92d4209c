import { useEffect, useState } from 'react';
import { getApi } from '~/lib/api';
import { rememberViewed, viewedProducts } from '~/lib/viewed';
import { toCard, useLoaded } from './cards';
import { RelatedRow } from './RelatedRow';

/**
 * «Вы смотрели» (issue 44.3): the products this browser viewed last, newest first, without `current`; on the product
 * page `current` is remembered as viewed once the row has read the list. Loaded after the page: the page's HTML is the
 * same for everyone.
 */
export function ViewedRow({ current, imgVersion }: { current?: number; imgVersion: string }) {
  const [ids, setIds] = useState<number[] | null>(null);
  useEffect(() => {
    setIds(viewedProducts().filter((id) => id !== current));
    if (current) rememberViewed(current);
  }, [current]);
  const key = ids?.join(',') ?? '';
  const cards = useLoaded(async (signal) => {
    if (!ids?.length) return [];
    const answer = await getApi('productCards', new URLSearchParams({ ids: key }), { signal });
    return answer.ok ? answer.data.items.map(toCard) : null;
  }, key);
  return <RelatedRow row="viewed" title="Вы смотрели" cards={cards ?? []} imgVersion={imgVersion} />;
}

export default ViewedRow;
