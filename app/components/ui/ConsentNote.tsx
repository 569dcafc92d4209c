import type { ConsentText } from '../../../domain/consent/consent';
import { ShopLink } from './ShopLink';

/** `2026-11-22` → `22.11.2026`; a version of another form as it is. */
const edition = (version: string) => version.split('-').reverse().join('.');

/**
 * A consent as the form gives it: the text with its link to the document and the text's version — the very version
 * the server records with the form's answer (domain/consent), so a record names words the person was shown.
 */
export function ConsentNote({ consent }: { consent: ConsentText }) {
  const [before, after] = consent.text.split(consent.link.text);
  return (
    <span data-consent-version={consent.version}>
      {before}
      <ShopLink to={consent.link.href}>{consent.link.text}</ShopLink>
      {after}
      {` Редакция от ${edition(consent.version)}.`}
    </span>
  );
}
