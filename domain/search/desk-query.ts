import { z } from 'zod';
import { line } from '../input';
import { orderIdOfNumber } from '../order/process';

/**
 * What the back office's one search box was typed, read every way it may be meant (issue 47.3): a phone as the
 * staff write it («8 916…», «+7 (916)…», «916…», the last digits), an order's number («100123», «№ 100123»), an email,
 * a tracking number, an article, a barcode or a 1C id, and the words of a name or a product.
 */
export interface DeskQuery {
  /** The query as searched: one line, cut to 100 characters. */
  text: string;
  /** The phone as stored (11 digits, 7…) when the query is a whole Russian mobile number in any spelling. */
  phone: string | null;
  /** Digits a phone contains (4 or more): a part or the last digits as typed. */
  phoneDigits: string | null;
  /** Digits a phone starts with when typed with its «8» or «+7» («8 916 12» → «791612»). */
  phonePrefix: string | null;
  /** The order an order's number stands for. */
  orderId: number | null;
  /** The email, lower case, when the query has an «@». */
  email: string | null;
  /**
   * One token without spaces (4+ characters): a tracking number, an article, a barcode or a 1C id, as typed;
   * `code` is its upper-case form (tracking numbers and articles are kept upper case).
   */
  token: string | null;
  code: string | null;
  /** The barcode (EAN-8/EAN-13/other 8–14 digits) when the query is one. */
  barcode: string | null;
  /** The words of a name (each must be found), lower case, up to five. */
  words: string[];
}

export const DESK_QUERY_MAX = 100;
const MAX_WORDS = 5;
const MAX_ID = 2_147_483_647;
const validId = (id: number | null) => (id !== null && id <= MAX_ID ? id : null);
const PHONE_CHARS = /^[\d\s+()\-–.]+$/;

/** The query as the search and the lists' filters read it. */
export function parseDeskQuery(raw: string | null | undefined): DeskQuery {
  const text = Array.from((raw ?? '').replace(/\s+/g, ' ').trim())
    .slice(0, DESK_QUERY_MAX)
    .join('')
    .trim();
  const query: DeskQuery = {
    text,
    phone: null,
    phoneDigits: null,
    phonePrefix: null,
    orderId: null,
    email: null,
    token: null,
    code: null,
    barcode: null,
    words: [],
  };
  if (!text) return query;

  const number = text.replace(/^(заказ|order)\s*/i, '').replace(/^[№#]\s*/, '');
  // A phone's 11 digits are no order's number: an id is a 4-byte integer.
  if (/^\d{6,12}$/.test(number)) query.orderId = validId(orderIdOfNumber(number));

  if (PHONE_CHARS.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits.length === 11 && (digits[0] === '7' || digits[0] === '8')) query.phone = `7${digits.slice(1)}`;
    else if (digits.length === 10 && digits[0] === '9') query.phone = `7${digits}`;
    if (digits.length >= 4) query.phoneDigits = digits;
    // «8 916…» and «+7 916…»: the prefix is the country's, the rest the number's start.
    const lead = text.replace(/^[\s(]+/, '');
    const country = lead.startsWith('+7') || /^8[\s(\-–]/.test(lead) || (/^89/.test(lead) && digits.length >= 5);
    if (digits.length >= 4 && digits.length <= 11 && country) query.phonePrefix = `7${digits.slice(1)}`;
    if (/^\d{8,14}$/.test(text)) query.barcode = text;
  }

  if (text.includes('@')) query.email = text.toLowerCase();
  if (!text.includes(' ') && text.length >= 4 && /^[\p{L}\p{N}#\-_.]+$/u.test(text) && /\d/.test(text)) {
    query.token = text;
    query.code = text.toUpperCase();
  }
  // A number says nothing of a name: the words are for what has letters.
  if (!PHONE_CHARS.test(text))
    query.words = [
      ...new Set(
        text
          .toLowerCase()
          .split(' ')
          .map((w) => w.replace(/^[«"'(]+|[»"'),.;:!?]+$/g, ''))
          .filter(Boolean),
      ),
    ].slice(0, MAX_WORDS);
  return query;
}

/** Whether the query can find anything (an empty box searches nothing). */
export const isEmptyQuery = (q: DeskQuery) => q.text.length === 0;

const LIMIT = 'Сколько найти — число от 1 до 50.';

/** The search call's query string: `q` (what the box says), one line of up to 100 characters. */
export const deskSearchInput = z.object({
  q: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    line({ error: 'Введите, что искать.' }).max(DESK_QUERY_MAX, 'Поиск — до 100 символов.'),
  ),
  limit: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Number(v)),
    z.number({ error: LIMIT }).int(LIMIT).min(1, LIMIT).max(50, LIMIT).optional(),
  ),
});
