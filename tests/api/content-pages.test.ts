import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { formatPrice } from '../../domain/pricing/price';
import { bonusPromises } from '../../domain/content/bonus-promises';
import { BONUS_ACCRUAL, BONUS_MAX_SHARE_PERCENT } from '../../domain/pricing/totals';
import { API } from '../../contract/api';
import { readOutbox } from '../support/outbox';
import { createTestApp, newVisitor, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const page = async (path: string) => {
  const res = await app.fetch(path);
  return { status: res.status, html: await res.text() };
};
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app.database.db, query);
/** The text of the HTML, tags out and entities of the Russian texts back, to compare with what a reader sees. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ');

describe('information pages', () => {
  it('serve every published page with its title, description, canonical url and breadcrumbs, facts filled in', async () => {
    const pages = await rows<{ url: string; title: string; description: string }>(
      sql`select url, title, description from content_pages where published order by id`,
    );
    expect(pages.map((p) => p.url)).toEqual(
      expect.arrayContaining([
        '/info/dostavka-i-oplata/',
        '/info/bonusnaya-programma/',
        '/info/oferta/',
        '/agreement/',
        '/info/vozvrat-i-obmen/',
        '/info/vybor-razmera/',
        '/info/o-kompanii/',
        '/info/faq/',
      ]),
    );
    for (const p of pages) {
      const { status, html } = await page(p.url);
      expect(status, p.url).toBe(200);
      expect(html).toContain(`<h1`);
      expect(html).toContain(`<link rel="canonical" href="http://shop.test${p.url}"/>`);
      expect(html).toContain(`<meta name="description" content="${p.description.replace(/"/g, '&quot;')}"/>`);
      expect(html).toContain('"@type":"BreadcrumbList"');
      expect(html, p.url).not.toContain('{{');
    }
  });

  it('quotes the delivery prices checkout charges and the bonus rule pricing applies', async () => {
    const prices = await rows<{ type: string; price: string; free_from: string | null }>(
      sql`select type, price, free_from from delivery_prices`,
    );
    const courier = prices.find((p) => p.type === 'COURIER');
    const delivery = text((await page('/info/dostavka-i-oplata/')).html);
    const price = (kopecks: string | null | undefined) => text(formatPrice(Number(kopecks)));
    expect(delivery).toContain(`${price(courier?.price)}, от ${price(courier?.free_from)} — бесплатно`);
    for (const p of prices.filter((x) => x.type !== 'SHOP' && x.type !== 'COURIER'))
      expect(delivery).toContain(price(p.price));
    const article = (await page('/info/dostavka-i-oplata/')).html.split('<article')[1]?.split('</article>')[0] ?? '';
    expect(text(article)).not.toContain('..');
    expect(delivery).toContain('до 17:00');
    expect(delivery).toContain('до 18:00');
    const bonus = text((await page('/info/bonusnaya-programma/')).html);
    expect(bonus).toContain(text(bonusPromises().rule));
    expect(bonus).toContain(`до ${BONUS_MAX_SHARE_PERCENT} % стоимости`);
  });

  it('lists the FAQ by topic with at least 15 questions and the «Задать вопрос» button', async () => {
    const { html } = await page('/info/faq/');
    expect((html.match(/<details/g) ?? []).length).toBeGreaterThanOrEqual(15);
    for (const topic of ['Заказ', 'Доставка', 'Оплата', 'Возврат', 'Бонусы', 'Размеры'])
      expect(html).toContain(`>${topic}</h2>`);
    expect(html).toContain('Задать вопрос</span></button>');
  });

  it('answers 404 for an unknown or unpublished page, and shows raw HTML of a text as text', async () => {
    expect((await page('/info/net-takoy/')).status).toBe(404);
    await app.database.db.execute(sql`update content_pages set published = false where url = '/info/o-kompanii/'`);
    // A kept page is dropped when the database's notification of the change arrives, just after the commit.
    await expect.poll(async () => (await page('/info/o-kompanii/')).status).toBe(404);
    await app.database.db.execute(
      sql`update content_pages set body = body || ${'\n\n<script>alert(1)</script> [x](javascript:alert(1))'}
          where url = '/info/oferta/'`,
    );
    await expect
      .poll(async () => (await page('/info/oferta/')).html)
      .toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const { html } = await page('/info/oferta/');
    expect(html).not.toMatch(/href="javascript:/i);
  });

  it('puts the pages and landing pages in the sitemap', async () => {
    const { html } = await page('/sitemap.xml');
    for (const url of ['/info/dostavka-i-oplata/', '/agreement/', '/info/faq/', '/promo/novinki-sezona/', '/contacts/'])
      expect(html).toContain(`<loc>http://shop.test${url}</loc>`);
  });
});

describe('landing pages', () => {
  const productsOn = (html: string) => [...new Set([...html.matchAll(/href="(\/product\/[^"]+)"/g)].map((m) => m[1]))];

  it('list only the products their selection picks, with a hero and the menu banners leading to them', async () => {
    const warm = await page('/promo/puhoviki-do-minus-40/');
    expect(warm.status).toBe(200);
    expect(warm.html).toContain('Пуховики до −40 °C</h1>');
    expect(warm.html).toMatch(/<img[^>]+src="\/images\/426x640\/[^"]+"/);
    const urls = productsOn(warm.html);
    expect(urls.length).toBeGreaterThan(0);
    const picked = await rows<{ url: string; insulation: string; season: string; section: string }>(
      sql`select p.url, p.props->>'insulation' as insulation, p.props->>'season' as season, s.code as section
          from products p join sections s on s.id = p.section_id where p.url = any(${`{${urls.join(',')}}`}::text[])`,
    );
    expect(picked).toHaveLength(urls.length);
    for (const p of picked) {
      expect(['down', 'down-feather']).toContain(p.insulation);
      expect(p.season).toBe('winter');
      expect(p.section).toBe('puhoviki');
    }
    const news = await page('/promo/novinki-sezona/');
    const newUrls = productsOn(news.html);
    const flags = await rows<{ is_new: boolean }>(
      sql`select is_new from products where url = any(${`{${newUrls.join(',')}}`}::text[])`,
    );
    expect(flags.length).toBe(newUrls.length);
    expect(flags.every((f) => f.is_new)).toBe(true);

    // The menu's banners, in the page's desktop menu.
    const home = (await page('/')).html;
    expect(home).toContain('href="/promo/puhoviki-do-minus-40/"');
    expect(home).toContain('href="/promo/novinki-sezona/"');
  });

  it('answers 404 for an unpublished landing page', async () => {
    await app.database.db.execute(sql`update landing_pages set published = false where url = '/promo/novinki-sezona/'`);
    await expect.poll(async () => (await page('/promo/novinki-sezona/')).status).toBe(404);
  });
});

describe('the company’s requisites and hot line', () => {
  it('come from the settings: the footer, the contacts page and the offer show what they say', async () => {
    const own = await createTestApp({
      COMPANY_NAME: 'ООО «Север Пух»',
      COMPANY_INN: '500100732259',
      COMPANY_OGRN: '1025001234567',
      COMPANY_ADDRESS: '620014, г. Екатеринбург, ул. Малышева, д. 5',
      HOTLINE_PHONE: '8 800 100-20-30',
    });
    try {
      const seen = async (path: string) => text(await (await own.fetch(path)).text());
      const home = await (await own.fetch('/')).text();
      const footerHtml = home.match(/<footer[\s\S]*<\/footer>/)?.[0] ?? '';
      const footer = text(footerHtml);
      expect(footer).toContain('ООО «Север Пух», ИНН 500100732259, ОГРН 1025001234567');
      expect(footer).toContain('8 (800) 100-20-30');
      expect(footerHtml).toContain('href="tel:88001002030"');
      const contacts = await seen('/contacts/');
      for (const value of ['ООО «Север Пух»', '500100732259', '1025001234567', 'г. Екатеринбург, ул. Малышева, д. 5'])
        expect(contacts).toContain(value);
      const offer = await seen('/info/oferta/');
      expect(offer).toContain('ИНН 500100732259, ОГРН 1025001234567, 620014, г. Екатеринбург');
      expect(offer).toContain('Телефон 8 (800) 100-20-30');
      // None of the demo company's: the demo hot line stays only where the seeded cities list it as their own phone.
      for (const demo of ['7701234567', '1187746123456', '555-35-35']) expect(footer).not.toContain(demo);
      for (const demo of ['7701234567', '1187746123456']) expect(offer).not.toContain(demo);
      // A letter's footer names the same company and hot line.
      const email = 'requisites@example.ru';
      await (await newVisitor(own)).post(API.subscribe, { email, licenses_subscribe: 'Y' });
      await own.outbox.deliver();
      const letter = (await readOutbox(own, { to: email, channel: 'email' }))?.text ?? '';
      expect(letter).toContain('ООО «Север Пух» · 620014, г. Екатеринбург, ул. Малышева, д. 5 · 8 (800) 100-20-30');
      expect(letter).not.toContain('555-35-35');
    } finally {
      await own.close();
    }
  });
});

describe('bonus promises', () => {
  /** Words that promise bonuses for purchases. */
  const promise = /(за|с) кажд\S+ покупк|приходит \d+ %|начислени\S* бонус|бонус\S* начисляются,/i;

  it('pages promise bonuses for purchases exactly when the rule credits them (the back office does)', async () => {
    const pages = await rows<{ url: string }>(sql`select url from content_pages where published
      union all select url from landing_pages where published`);
    const paths = ['/', '/basket/', '/auth/registerdc/', '/auth/register/', ...pages.map((p) => p.url)];
    const promising: string[] = [];
    for (const path of paths) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      if (promise.test(text(html))) promising.push(path);
    }
    // The marquee of every page promises them the day the rule credits them.
    expect(promising).toEqual(BONUS_ACCRUAL.credited ? paths : []);
  });
});
