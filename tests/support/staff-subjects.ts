import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { API } from '../../contract/api';
import { STAFF_API } from '../../contract/staff-api';
import { queryRows } from '../../db/client';
import type { RequestContext } from '../../domain/context';
import { courierIntervals } from '../../domain/delivery/schedule';
import type { StaffRole } from '../../domain/staff/staff-member';
import { writePackage } from '../../server/exchange/commerceml/write-package';
import { ignorePoolErrorsOnClose, type OfferFacts, offerFacts } from './basket-offers';
import { checkoutKit } from './checkout';
import { onecClient } from './onec-client';
import { readOutbox } from './outbox';
import { addStaff, STAFF_PASSWORD, type StaffBrowser, staffBrowser } from './staff';
import { createTestApp, SHOP_ORIGIN, type TestApp } from './test-app';

/** A logged-in member of a role, as the walk of staff writes calls the back office. */
export interface Member {
  role: StaffRole;
  email: string;
  staffId: number;
  /** A `shop` member's shop; null for the other roles. */
  shopId: number | null;
  browser: StaffBrowser;
}

/**
 * A test app for `staffSubjects`: the subjects place many orders from one phone and write much from one client, so the
 * shop's limits on those are lifted.
 */
export async function subjectsApp(): Promise<TestApp> {
  const app = await createTestApp({
    ORDERS_PER_PHONE_DAY: '1000',
    PHONE_CODES_PER_CLIENT: '100000',
    WRITE_LIMIT_PER_SESSION: '100000',
    WRITE_LIMIT_PER_CLIENT: '100000',
  });
  ignorePoolErrorsOnClose(app.database.db);
  return app;
}

/**
 * The things staff writes act on, each made fresh for one call: orders in a member's shop at any point of their
 * process, products, codes, pages, questions, customers, members, photos, a 1C package. Made through the shop's own
 * calls and services (as the owner) where it has them, straight in the database where only 1C or a shopper would.
 */
export async function staffSubjects(app: TestApp) {
  const k = await checkoutKit(app);
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(app.database.db, query);
  let serial = 0;
  const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(serial++).toString(36)}`;
  const offers = (await offerFacts(app.database.db)).filter((o) => !o.restricted && o.price >= 100_000);
  let nextOffer = 0;
  const anOffer = () => offers[nextOffer++ % offers.length] as OfferFacts;
  const shops = (await rows<{ id: number }>(sql`select id from stores where type = 'shop' order by id limit 2`)).map(
    (r) => Number(r.id),
  );
  const [homeShop, otherShop] = shops as [number, number];

  async function member(role: StaffRole, shopId: number | null = role === 'shop' ? homeShop : null): Promise<Member> {
    const email = `${unique(role)}@walk.test`;
    await addStaff(app, { email, role, shopId: shopId ?? undefined });
    const browser = await staffBrowser(app);
    // 1C's account logs in at the exchange only: its browser stays outside the back office.
    if (role !== 'exchange') expect((await browser.login({ email, password: STAFF_PASSWORD })).status).toBe(200);
    const [row] = await rows<{ id: number }>(sql`select id from staff where email = ${email}`);
    return { role, email, staffId: Number(row?.id), shopId, browser };
  }

  const owner = await member('owner');
  /** The owner's request context, for making things through the services. */
  const ownerCtx: RequestContext = {
    requestId: 'walk',
    sessionId: 'walk',
    actor: { kind: 'staff', staffId: owner.staffId, email: owner.email, role: 'owner', shopId: null },
    city: null,
    client: 'walk',
    now: () => new Date(),
  };
  const move = async (id: number, to: string, extra: Record<string, unknown> = {}) =>
    expect(
      (await owner.browser.call(STAFF_API.orderTransition.replace(':id', String(id)), { to, ...extra })).status,
    ).toBe(200);

  /** A shop pickup order at `shopId`, moved by the owner along `path`; with its pickup code once it is ready. */
  async function shopOrder(shopId: number, path: string[] = [], options: { online?: boolean } = {}) {
    const offer = anOffer();
    await k.stockOf(offer, 3, 3);
    const { v, phone } = await k.quickShopper(offer);
    const res = await k.rpc(v, 'sale.order.save', {
      ...k.pickup(phone),
      deliveryShopId: shopId,
      ...(options.online ? { paymentMethod: 'ONLINE' } : {}),
    });
    const body = (await res.json()) as { id: number; payment?: { confirmationUrl: string } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    if (body.payment)
      expect((await v.post(`${new URL(body.payment.confirmationUrl).pathname}pay/`, {}, {})).status).toBe(303);
    for (const to of path) await move(body.id, to);
    let code = '';
    if (path.at(-1) === 'ready') {
      await app.outbox.deliver();
      code = (await readOutbox(app, { to: phone, channel: 'sms' }))?.text.match(/Код получения: (\d{6})/)?.[1] ?? '';
    }
    return { id: body.id, code };
  }

  /**
   * A courier order of two lines, with the courier, for a try-on: the shop's own courier (no carrier was asked about
   * its town), which staff hand over themselves.
   */
  async function shippedCourierOrder() {
    const [a, b] = [anOffer(), anOffer()];
    await k.stockOf(a, 3);
    await k.stockOf(b, 3);
    const { me, phone } = await k.member(a);
    await me.post(API.basketAdd, { offerId: b.id });
    const added = await me.post(API.addressAdd, { type: 'COURIER', city: 'Москва', street: 'Тверская', house: '7' });
    const addressId = (await added.json()).data.items[0].id;
    const list = courierIntervals(new Date(), 'Europe/Moscow', { sameDayStock: true });
    const date = Object.keys(list)[1] as string;
    const res = await k.rpc(me, 'sale.order.save', {
      ...k.pickup(phone),
      deliveryType: 'COURIER',
      deliveryAddressId: addressId,
      deliveryIntervalDate: date,
      deliveryIntervalTime: (list[date] as string[])[0] as string,
    });
    const { id } = (await res.json()) as { id: number };
    await app.database.db.execute(sql`update orders set delivery = delivery - 'townCode' where id = ${id}`);
    await move(id, 'confirmed');
    await move(id, 'assembling');
    await move(id, 'shipped', { trackingNumber: unique('TRACK') });
    const [line] = await rows<{ id: number }>(
      sql`select id from order_lines where order_id = ${id} order by id limit 1`,
    );
    return { id, keep: Number(line?.id) };
  }

  /**
   * A packed order to a pickup point of the test carrier (its delivery as the checkout of issue 42 writes it); with
   * `registered`, its shipment registered by the owner, and with `back`, refused and on its way back to the shop.
   */
  async function carrierOrder(options: { registered?: boolean; back?: boolean } = {}) {
    const offer = anOffer();
    await k.stockOf(offer, 3);
    const { v, phone } = await k.quickShopper(offer);
    const data = await (await k.rpc(v, 'sale.order.data', { deliveryType: 'PICKUP' })).json();
    const res = await k.rpc(v, 'sale.order.save', {
      ...k.pickup(phone),
      deliveryType: 'PICKUP',
      deliveryPickupPointId: data.pickupPointList[0].id,
    });
    const { id } = (await res.json()) as { id: number };
    const delivery = { carrier: 'test', pointCode: 'MSK-1', kind: 'point', townCode: '44' };
    await app.database.db.execute(
      sql`update orders set delivery = delivery || ${JSON.stringify(delivery)}::jsonb where id = ${id}`,
    );
    await move(id, 'confirmed');
    await move(id, 'assembling');
    if (!options.registered && !options.back) return { id };
    const shipment = await app.services.shipments.register(ownerCtx, id);
    if (options.back && shipment.number) {
      const desk = app.services.testDelivery;
      if (!desk) throw new Error('the test carrier is not in force');
      await desk.append(shipment.number, { kind: 'accepted', at: new Date(), place: 'Москва' });
      await desk.append(shipment.number, { kind: 'refused', at: new Date(Date.now() + 1000), place: 'Москва' });
      const [row] = await rows<{ carrier_id: string }>(sql`select carrier_id from shipments where order_id = ${id}`);
      await app.services.shipments.notified(String(row?.carrier_id));
    }
    return { id };
  }

  const products = await rows<{ id: number; offer_id: number }>(
    sql`select distinct on (p.id) p.id, o.id as offer_id from products p join offers o on o.product_id = p.id
      where p.active and not exists (select 1 from exchange_variants v where v.product_id = p.id) order by p.id, o.id`,
  );
  let nextProduct = 0;
  /** A product of the demo catalogue (not 1C's) no call has had yet, with one of its sizes. */
  async function product() {
    const row = products[nextProduct++ % products.length];
    return { id: Number(row?.id), offerId: Number(row?.offer_id) };
  }

  let colour = 0;
  /** A photo file of a colour of its own, so its content (and its file name) is new. */
  async function photoBytes(): Promise<Uint8Array> {
    colour += 11;
    const image = sharp({
      create: { width: 700, height: 1000, channels: 3, background: { r: colour % 256, g: (colour * 3) % 256, b: 90 } },
    });
    return new Uint8Array(await image.jpeg().toBuffer());
  }

  /** A post of a photo as the `file` field: to the API (with the sessid) or to a page (from the shop's own page). */
  async function upload(who: StaffBrowser, target: string, fields: Record<string, string> = {}) {
    const form = new FormData();
    form.set('sessid', who.sessid);
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.append('file', new Blob([new Uint8Array(await photoBytes())], { type: 'image/jpeg' }), 'photo.jpg');
    return app.fetch(target, {
      method: 'POST',
      headers: { cookie: who.cookie, origin: SHOP_ORIGIN },
      body: form,
      redirect: 'manual',
    });
  }

  /** A product with two photos of the walk's (their ids). */
  async function productWithPhotos() {
    const { id } = await product();
    const board = await app.services.photos.addProductPhotos(ownerCtx, id, [await photoBytes(), await photoBytes()]);
    return { id, photos: board.photos.map((p) => Number(p.id)) };
  }

  /** A shop with two photos of the walk's (their file names). */
  async function shopWithPhotos() {
    const board = await app.services.photos.addShopPhotos(ownerCtx, homeShop, [await photoBytes(), await photoBytes()]);
    return { id: homeShop, photos: board.photos.map((p) => String(p.id)) };
  }

  async function section() {
    const [row] = await rows<{ id: number; url: string }>(sql`select id, url from sections order by id desc limit 1`);
    return { id: Number(row?.id), url: String(row?.url) };
  }

  async function brand() {
    const created = await app.services.catalogAdmin.createBrand(ownerCtx, {
      code: unique('b-'),
      name: unique('Бренд '),
      text: '',
    });
    return created.id;
  }

  async function promo() {
    const code = unique('WALK').toUpperCase();
    await app.services.promoAdmin.create(ownerCtx, {
      code,
      kind: 'percent',
      value: 5,
      sectionIds: [],
      brandIds: [],
    });
    return code;
  }

  async function contentPage() {
    const page = await app.services.contentAdmin.savePage(ownerCtx, null, {
      url: `/info/${unique('walk-')}/`,
      title: 'Страница обхода',
      body: 'Текст.',
      published: false,
    });
    return page;
  }

  async function faqItem() {
    return app.services.contentAdmin.saveFaq(ownerCtx, null, {
      topic: 'Обход',
      question: unique('Вопрос '),
      answer: 'Да.',
    });
  }

  async function landing() {
    const [row] = await rows<{ id: number; url: string; title: string; body: string; hero: string }>(
      sql`select id, url, title, body, hero from landing_pages order by id limit 1`,
    );
    return { id: Number(row?.id), url: String(row?.url), title: String(row?.title), body: String(row?.body) };
  }

  /** A shopper's question, as the feedback form leaves it. */
  async function question() {
    const [row] = await rows<{ id: number }>(sql`insert into questions (session_id, name, email, topic, message)
      values ('walk', 'Анна', 'anna.walk@example.ru', 'size', 'Будет ли 48 размер?') returning id`);
    return Number(row?.id);
  }

  /** A registered shopper with a discount card holding bonuses. */
  async function customer() {
    const { me } = await k.member(anOffer(), { bonuses: 100_000 });
    const [row] = await rows<{ id: number }>(sql`select id from users order by id desc limit 1`);
    expect(me).toBeTruthy();
    return Number(row?.id);
  }

  /** 1C's mappings the exchange page edits, and a product that came from 1C. */
  async function exchangeMappings() {
    const [sectionRow] = await rows<{ id: number }>(sql`select id from sections order by id limit 1`);
    const key = unique('x');
    await app.database.db.execute(sql`insert into exchange_price_types (onec_id, name, role)
      values (${`pt-${key}`}, ${`Тип ${key}`}, null)`);
    await app.database.db.execute(sql`insert into exchange_warehouses (onec_id, name, store_id)
      values (${`wh-${key}`}, ${`Склад ${key}`}, null)`);
    await app.database.db.execute(sql`insert into exchange_sections (onec_id, name, section_id)
      values (${`grp-${key}`}, ${`Группа ${key}`}, ${sectionRow?.id})`);
    return { priceType: `pt-${key}`, warehouse: `wh-${key}`, group: `grp-${key}`, storeId: homeShop };
  }

  let packageSent = false;
  /** A catalogue package 1C sent, so that the exchange page can load it again. */
  async function onecPackage() {
    if (packageSent) return;
    const exchange = await member('exchange');
    const files = writePackage({
      groups: [{ id: 'walk-group', name: 'Обход', parentId: null, deleted: false }],
      products: [
        {
          id: 'walk-1',
          name: 'Куртка «Обход»',
          article: 'WALK-1',
          description: '',
          groupIds: ['walk-group'],
          properties: [],
          requisites: [],
          images: [],
          deleted: false,
        },
      ],
      priceTypes: [{ id: 'walk-retail', name: 'Розничная', currency: 'RUB' }],
      offers: [
        {
          id: 'walk-1#m',
          name: null,
          characteristics: [{ name: 'Размер', value: 'M' }],
          prices: [{ priceTypeId: 'walk-retail', kopecks: 500_000, currency: 'RUB' }],
          quantity: 1,
          stock: [],
          deleted: false,
        },
      ],
    });
    const onec = onecClient(app, 'catalog', { login: exchange.email, password: STAFF_PASSWORD });
    expect((await onec.checkauth()).lines[0]).toBe('success');
    await onec.send('init');
    await onec.upload('import.xml', files.importXml, 1);
    await onec.upload('offers.xml', files.offersXml, 1);
    for (const name of ['import.xml', 'offers.xml'])
      expect((await onec.importFile(name)).at(-1)?.lines[0]).toBe('success');
    packageSent = true;
  }

  /** An address with an open invitation, sent by the owner. */
  async function invitation() {
    const email = `${unique('invited')}@walk.test`;
    await app.services.staffTeam.invite(ownerCtx, { email, name: '', role: 'content' });
    return email;
  }

  return {
    k,
    rows,
    unique,
    owner,
    ownerCtx,
    homeShop,
    otherShop,
    member,
    invitation,
    shopOrder,
    shippedCourierOrder,
    carrierOrder,
    product,
    productWithPhotos,
    shopWithPhotos,
    upload,
    section,
    brand,
    promo,
    contentPage,
    faqItem,
    landing,
    question,
    customer,
    exchangeMappings,
    onecPackage,
    randomUUID,
  };
}

export type StaffSubjects = Awaited<ReturnType<typeof staffSubjects>>;
