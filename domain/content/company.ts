/** The shop's company as its pages show it: the requisites and the hot-line phone (11 digits), from the settings. */
export interface Company {
  name: string;
  inn: string;
  ogrn: string;
  address: string;
  hotline: string;
}

/**
 * The settings' defaults: a demo company, not a real registration (ИНН and ОГРН are of the right length only), and
 * the README's settings table says so. A real shop sets COMPANY_* and HOTLINE_PHONE.
 */
export const DEMO_COMPANY: Company = {
  name: 'ООО «Вьюга Ритейл»',
  inn: '7701234567',
  ogrn: '1187746123456',
  address: '105064, г. Москва, ул. Земляной Вал, д. 33, этаж 3',
  hotline: '88005553535',
};

/**
 * `88005553535` → `8 (800) 555-35-35` (the free 80x numbers are dialled with 8); a number of a city code, 843 too →
 * `+7 (843) 200-00-00`, as the shops' phones read.
 */
export function formatHotline(digits: string): string {
  const [, lead, code, a, b, c] = digits.match(/^([78])(\d{3})(\d{3})(\d{2})(\d{2})$/) ?? [];
  if (!lead) return digits;
  return `${code?.startsWith('80') ? '8' : '+7'} (${code}) ${a}-${b}-${c}`;
}

/** The hot line's `tel:` address. */
export const hotlineHref = (digits: string) => `tel:${digits}`;
