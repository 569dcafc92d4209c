import { Link, useNavigate } from 'react-router';

export type ShopLinkProps = Omit<React.ComponentProps<'a'>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
};

/** An address of the shop from its root: `/catalog/…`, not `//host/…` (nor `/\host/`), `?sort=…` or `https://…`. */
const fromRoot = (to: string) => /^\/(?![/\\])/.test(to);

/**
 * A link inside the shop. To an address from the shop's root it is an `<a>` whose plain click navigates in the page,
 * as React Router's `<Link>` does, without the path resolution and location subscription each of those does: a
 * section page has some 300 links, and they were a tenth of its server render (issue 11.3). `data-discover` lets the
 * router fetch the link's route before the click, as it does for its own links. Other addresses are React Router's.
 */
export function ShopLink(props: ShopLinkProps) {
  return fromRoot(props.to) ? <RootLink {...props} /> : <Link {...props} />;
}

function RootLink({ to, replace, state, preventScrollReset, onClick, ...anchor }: ShopLinkProps) {
  const navigate = useNavigate();
  return (
    <a
      {...anchor}
      href={to}
      data-discover="true"
      onClick={(event) => {
        onClick?.(event);
        const plainClick = event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
        if (event.defaultPrevented || !plainClick || (anchor.target && anchor.target !== '_self')) return;
        event.preventDefault();
        // As React Router does: a link to the page the visitor is on replaces it in the history.
        const here = window.location.pathname + window.location.search + window.location.hash;
        navigate(to, { replace: replace ?? here === to, state, preventScrollReset });
      }}
    />
  );
}
