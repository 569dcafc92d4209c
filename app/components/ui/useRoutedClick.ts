import { useNavigate } from 'react-router';

/**
 * The click handler of a container of plain links React did not render (the server's HTML kept at hydration, a
 * page appended by "load more"): a plain click on a link to an address of the shop navigates in the page, as
 * `ShopLink` does.
 */
export function useRoutedClick({ preventScrollReset = false } = {}) {
  const navigate = useNavigate();
  return (event: React.MouseEvent) => {
    const link = (event.target as HTMLElement).closest('a');
    const plainClick = event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
    if (!link || event.defaultPrevented || !plainClick || (link.target && link.target !== '_self')) return;
    const to = link.getAttribute('href');
    // `//host/` and `/\host/` (a browser reads the backslash as a slash) lead out of the shop.
    if (!to || !/^\/(?![/\\])/.test(to)) return;
    event.preventDefault();
    const here = window.location.pathname + window.location.search + window.location.hash;
    navigate(to, { replace: here === to, preventScrollReset });
  };
}
