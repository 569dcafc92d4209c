import { createElement } from 'react';
import { useMarkup } from '~/lib/markup-cache';

type KeptMarkupProps<Tag extends keyof React.JSX.IntrinsicElements> = Omit<
  React.ComponentProps<Tag>,
  'children' | 'dangerouslySetInnerHTML'
> & {
  as: Tag;
  /** Names everything the children show: their markup is rendered once per key. */
  markupKey: string;
  children: () => React.ReactNode;
};

/**
 * An element whose children the server renders once per `markupKey` and keeps (app/lib/markup-cache.ts): the menu,
 * the marquee and the footer's columns are the same on every page of a menu version, and were half of an uncached
 * page's render (issue 46.4). The kept markup is React's own for these children, so the browser hydrates them as
 * if the page had rendered them. The children may read nothing of the page but what the key names, and use no
 * `useId` (an id follows the tree it is rendered in).
 */
export function KeptMarkup<Tag extends keyof React.JSX.IntrinsicElements>({
  as,
  markupKey,
  children,
  ...attrs
}: KeptMarkupProps<Tag>) {
  const markup = useMarkup();
  if (!markup) return createElement(as, attrs, children());
  return createElement(as, {
    ...attrs,
    dangerouslySetInnerHTML: { __html: markup(markupKey, children, 'hydratable') },
  });
}
