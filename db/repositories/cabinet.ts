import { type SQL, sql } from 'drizzle-orm';
import type { AddressInput } from '../../domain/cabinet/cabinet.schemas';
import { type Address, addressTitle } from '../../domain/cabinet/addresses';
import type { BonusKind } from '../../domain/cabinet/bonus-history';
import { formatCard } from '../../domain/cabinet/discount-card';
import type { CabinetRepository, DiscountCardRepository } from '../../domain/cabinet/ports';
import type { ErasureReason, PersonalData, PersonalDataRepository } from '../../domain/cabinet/personal-data';
import { type Db, isUniqueViolation, queryRows, ts } from '../client';
import { outboxRepository } from './outbox';

export interface AddressRow {
  id: number;
  type: 'COURIER' | 'POST';
  city: string;
  street: string;
  house: string;
  flat: string;
  entrance: string;
  floor: string;
  intercom: string;
  comment: string;
  postcode: string;
  post_address: string;
  is_default: boolean;
}

export function toAddress(r: AddressRow): Address {
  const a = {
    type: r.type,
    city: r.city,
    street: r.street,
    house: r.house,
    flat: r.flat,
    entrance: r.entrance,
    floor: r.floor,
    intercom: r.intercom,
    comment: r.comment,
    postcode: r.postcode,
    postAddress: r.post_address,
  };
  return { id: Number(r.id), ...a, isDefault: r.is_default, title: addressTitle(a) };
}

/** The columns of an address input; a Post address keeps no courier parts and the other way round. */
export function columns(input: AddressInput) {
  const post = input.type === 'POST';
  return {
    type: input.type,
    city: post ? '' : input.city,
    street: post ? '' : input.street,
    house: post ? '' : input.house,
    flat: post ? '' : input.flat,
    entrance: post ? '' : input.entrance,
    floor: post ? '' : input.floor,
    intercom: post ? '' : input.intercom,
    comment: input.comment,
    postcode: post ? input.postcode : '',
    postAddress: post ? input.postAddress : '',
  };
}

export function cabinetRepository(db: Db): CabinetRepository {
  /** Makes `id` the user's only default address, in the transaction `tx`. */
  const makeDefault = (tx: Db, userId: number, id: number) =>
    tx.execute(sql`update addresses set is_default = (id = ${id}) where user_id = ${userId}`);

  return {
    async updateProfile(userId, changes) {
      const sets: SQL[] = [];
      if (changes.name !== undefined) sets.push(sql`name = ${changes.name}`);
      if (changes.lastName !== undefined) sets.push(sql`last_name = ${changes.lastName}`);
      if (changes.secondName !== undefined) sets.push(sql`second_name = ${changes.secondName}`);
      if (changes.gender !== undefined) sets.push(sql`gender = ${changes.gender || null}`);
      if (changes.birthday !== undefined) sets.push(sql`birthday = ${changes.birthday || null}`);
      if (changes.isSubscribe !== undefined) sets.push(sql`is_subscribe = ${changes.isSubscribe}`);
      if (changes.phone !== undefined) sets.push(sql`phone = ${changes.phone || null}`);
      if (changes.email !== undefined) sets.push(sql`email = ${changes.email}, email_confirmed = false`);
      if (sets.length === 0) return 'ok';
      try {
        await db.execute(sql`update users set ${sql.join(sets, sql`, `)} where id = ${userId}`);
        return 'ok';
      } catch (error) {
        if (changes.email !== undefined && isUniqueViolation(error)) return 'email_taken';
        throw error;
      }
    },

    async currentEmail(userId) {
      const [row] = await queryRows<{ email: string }>(db, sql`select email from users where id = ${userId}`);
      return row?.email ?? null;
    },

    async addresses(userId) {
      const rows = await queryRows<AddressRow>(
        db,
        sql`select * from addresses where user_id = ${userId} order by is_default desc, id`,
      );
      return rows.map(toAddress);
    },

    async addAddress(userId, input, max) {
      return db.transaction(async (tx) => {
        // The user's row lock makes the count and the insert one step for concurrent adds.
        await tx.execute(sql`select 1 from users where id = ${userId} for update`);
        const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from addresses where user_id = ${userId}`,
        );
        if (Number(n) >= max) return 'full';
        const c = columns(input);
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`
          insert into addresses (user_id, type, city, street, house, flat, entrance, floor, intercom, comment, postcode,
            post_address)
          values (${userId}, ${c.type}, ${c.city}, ${c.street}, ${c.house}, ${c.flat}, ${c.entrance}, ${c.floor},
            ${c.intercom}, ${c.comment}, ${c.postcode}, ${c.postAddress})
          returning id`,
        );
        const id = Number(row?.id);
        // The first address is the default one, and so is one added as default.
        if (input.isDefault === 'Y' || Number(n) === 0) await makeDefault(tx, userId, id);
        return id;
      });
    },

    async updateAddress(userId, id, input) {
      return db.transaction(async (tx) => {
        const c = columns(input);
        const rows = await queryRows<{ id: number }>(
          tx,
          sql`
          update addresses set type = ${c.type}, city = ${c.city}, street = ${c.street}, house = ${c.house},
            flat = ${c.flat}, entrance = ${c.entrance}, floor = ${c.floor}, intercom = ${c.intercom},
            comment = ${c.comment}, postcode = ${c.postcode}, post_address = ${c.postAddress}, updated_at = now()
          where id = ${id} and user_id = ${userId}
          returning id`,
        );
        if (rows.length === 0) return false;
        if (input.isDefault === 'Y') await makeDefault(tx, userId, id);
        return true;
      });
    },

    async deleteAddress(userId, id) {
      return db.transaction(async (tx) => {
        const [gone] = await queryRows<{ is_default: boolean }>(
          tx,
          sql`delete from addresses where id = ${id} and user_id = ${userId} returning is_default`,
        );
        if (!gone) return false;
        // The default goes to the oldest address left.
        if (gone.is_default)
          await tx.execute(sql`
            update addresses set is_default = true
            where id = (select min(id) from addresses where user_id = ${userId})`);
        return true;
      });
    },

    async card(userId) {
      const [row] = await queryRows<{ number: string; percent: number; active: boolean; bonus_balance: number }>(
        db,
        sql`select number, percent, active, bonus_balance from discount_cards where user_id = ${userId}`,
      );
      return row
        ? {
            number: row.number,
            formatted: formatCard(row.number),
            percent: Number(row.percent),
            active: row.active,
            bonusBalance: Number(row.bonus_balance),
          }
        : null;
    },

    async bonusHistory(userId, limit) {
      const rows = await queryRows<{
        id: number;
        at: string | Date;
        kind: BonusKind;
        amount: number;
        order_id: number | null;
      }>(
        db,
        sql`select id, created_at as at, kind, amount, order_id from bonus_operations where user_id = ${userId}
          order by created_at desc, id desc limit ${limit}`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        at: new Date(r.at),
        kind: r.kind,
        amount: Number(r.amount),
        orderId: r.order_id === null ? null : Number(r.order_id),
      }));
    },
  };
}

export function discountCardRepository(db: Db): DiscountCardRepository {
  return {
    async issue(userId, number, percent) {
      try {
        // A savepoint: a clash of numbers must not spoil the transaction the card is issued in.
        return await db.transaction(async (tx) => {
          const rows = await queryRows<{ user_id: number }>(
            tx,
            sql`
            insert into discount_cards (user_id, number, percent) values (${userId}, ${number}, ${percent})
            on conflict (user_id) do nothing returning user_id`,
          );
          return rows.length > 0 ? 'issued' : 'exists';
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'number_taken';
        throw error;
      }
    },
  };
}

/** The delivery's keys that name a person's place; the rest (type, shop, point, dates) stays for accounting. */
const PERSONAL_DELIVERY_KEYS = sql`array['address', 'addressId', 'postcode', 'comment']`;

/** A shopper's data for its export and its erasure (152-FZ, issue 45.7). */
export function personalDataRepository(db: Db): PersonalDataRepository {
  return {
    async collect(userId) {
      const [row] = await queryRows<{ data: Omit<PersonalData, 'exportedAt'> | null }>(
        db,
        sql`select case when u.id is null then null else jsonb_build_object(
          'profile', jsonb_build_object('id', u.id, 'email', u.email, 'emailConfirmed', u.email_confirmed,
            'name', u.name, 'lastName', u.last_name, 'secondName', u.second_name, 'gender', u.gender,
            'birthday', u.birthday, 'phone', u.phone, 'confirmedPhone', u.confirmed_phone,
            'isSubscribe', u.is_subscribe, 'registeredAt', u.created_at),
          'addresses', coalesce((select jsonb_agg(jsonb_build_object('type', a.type, 'city', a.city,
            'street', a.street, 'house', a.house, 'flat', a.flat, 'entrance', a.entrance, 'floor', a.floor,
            'intercom', a.intercom, 'comment', a.comment, 'postcode', a.postcode, 'postAddress', a.post_address,
            'isDefault', a.is_default) order by a.id) from addresses a where a.user_id = u.id), '[]'::jsonb),
          'orders', coalesce((select jsonb_agg(jsonb_build_object('id', o.id, 'createdAt', o.created_at,
            'status', o.status, 'deliveryType', o.delivery_type, 'delivery', o.delivery, 'name', o.name,
            'lastName', o.last_name, 'secondName', o.second_name, 'email', o.email, 'phone', o.phone,
            'comment', o.comment, 'totalKopecks', o.total, 'paymentMethod', o.payment_method,
            'lines', (select jsonb_agg(jsonb_build_object('name', l.name, 'size', l.size_name,
              'quantity', l.quantity, 'priceKopecks', l.price) order by l.id) from order_lines l where l.order_id = o.id))
            order by o.id) from orders o where o.user_id = u.id), '[]'::jsonb),
          'consents', coalesce((select jsonb_agg(jsonb_build_object('purpose', c.purpose, 'textVersion',
            c.text_version, 'subject', c.subject, 'at', c.created_at, 'client', c.client) order by c.id)
            from consents c where c.user_id = u.id or (u.email_confirmed and lower(c.subject) = lower(u.email))
              or c.subject = u.confirmed_phone), '[]'::jsonb),
          'newsletter', (select jsonb_build_object('email', s.email, 'subscribedAt', s.created_at,
            'confirmedAt', s.confirmed_at) from subscriptions s
            where u.email_confirmed and lower(s.email) = lower(u.email)),
          'discountCard', (select jsonb_build_object('number', d.number, 'percent', d.percent,
            'bonusBalanceKopecks', d.bonus_balance) from discount_cards d where d.user_id = u.id),
          'questions', coalesce((select jsonb_agg(jsonb_build_object('at', q.created_at, 'topic', q.topic,
            'message', q.message, 'answer', q.answer) order by q.id) from questions q where q.user_id = u.id),
            '[]'::jsonb),
          'stockAlerts', coalesce((select jsonb_agg(jsonb_build_object('offerId', a.offer_id, 'channel', a.channel,
            'address', a.address, 'state', a.state, 'at', a.created_at, 'sentAt', a.sent_at) order by a.id)
            from stock_alerts a where a.user_id = u.id), '[]'::jsonb),
          'reviews', coalesce((select jsonb_agg(jsonb_build_object('productId', r.product_id, 'orderId', r.order_id,
            'rating', r.rating, 'text', r.text, 'fit', r.fit, 'size', r.size, 'height', r.height, 'state', r.state,
            'at', r.created_at) order by r.id) from reviews r where r.user_id = u.id), '[]'::jsonb)) end as data
        from (select ${userId}::int as wanted) w left join users u on u.id = w.wanted`,
      );
      return row?.data ?? null;
    },
    async email(userId) {
      const [row] = await queryRows<{ email: string }>(db, sql`select email from users where id = ${userId}`);
      return row?.email ?? null;
    },
    async saveDeletionCode(userId, codeHash, expiresAt, letter) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`delete from user_tokens where user_id = ${userId} and purpose = 'account-delete'`);
        await tx.execute(sql`insert into user_tokens (user_id, purpose, token_hash, email, expires_at)
          values (${userId}, 'account-delete', ${codeHash}, ${letter.to}, ${ts(expiresAt)})`);
        await outboxRepository(tx as unknown as Db).enqueue(letter);
      });
    },
    async consumeDeletionCode(userId, codeHash, now) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update user_tokens set used_at = ${ts(now)} where user_id = ${userId} and purpose = 'account-delete'
          and token_hash = ${codeHash} and used_at is null and expires_at > ${ts(now)} returning id`,
      );
      return rows.length > 0;
    },
    erase: (userId, erasure) => db.transaction((tx) => eraseAccount(tx as unknown as Db, userId, erasure)),
  };
}

/**
 * Removes an account and its personal data, anonymises its orders and records its consents' withdrawal, on `t`: the
 * caller's transaction (the cabinet's own, or the back office's with its audit entry). False when there is no such
 * account.
 */
export async function eraseAccount(
  t: Db,
  userId: number,
  erasure: { reason: ErasureReason; client: string; at: Date },
): Promise<boolean> {
  const [user] = await queryRows<{
    email: string;
    email_confirmed: boolean;
    phone: string | null;
    confirmed_phone: string | null;
  }>(t, sql`select email, email_confirmed, phone, confirmed_phone from users where id = ${userId} for update`);
  if (!user) return false;
  // An email typed into the profile and never confirmed may be somebody else's: what was given under it is theirs.
  const email = user.email_confirmed ? user.email : '';
  const subjects = [email, user.phone, user.confirmed_phone].filter((s): s is string => Boolean(s));
  await t.execute(sql`insert into consent_withdrawals (user_id, subjects, purposes, reason, client, created_at)
      select ${userId}, ${sql`array[${sql.join(
        subjects.map((s) => sql`${s}`),
        sql`, `,
      )}]::text[]`},
        coalesce(array_agg(distinct purpose), '{}'), ${erasure.reason}, ${erasure.client}, ${ts(erasure.at)}
      from consents where user_id = ${userId} ${email ? sql`or lower(subject) = lower(${email})` : sql``}
        ${user.confirmed_phone ? sql`or subject = ${user.confirmed_phone}` : sql``}`);
  // The orders stay for accounting (sums, lines, dates, the shop or point), without the person.
  await t.execute(sql`update orders set user_id = null, name = '', last_name = '', second_name = '',
      email = '', phone = '', comment = '', delivery = delivery - ${PERSONAL_DELIVERY_KEYS}
      where user_id = ${userId}`);
  // The cart and the wishlist (both basket_lines): a logged-in line is the user's, and survives the session that
  // added it, so lines are taken by user as well as by the account's current sessions.
  await t.execute(sql`delete from basket_lines
      where user_id = ${userId} or session_id in (select id from sessions where user_id = ${userId})`);
  await t.execute(sql`delete from sessions where user_id = ${userId}`);
  await t.execute(sql`delete from addresses where user_id = ${userId}`);
  await t.execute(sql`delete from user_tokens where user_id = ${userId}`);
  await t.execute(sql`delete from discount_cards where user_id = ${userId}`);
  await t.execute(sql`delete from questions where user_id = ${userId}`);
  if (email) await t.execute(sql`delete from subscriptions where lower(email) = lower(${email})`);
  // «Сообщить о поступлении»: nothing more is sent to the person, by account, email or phone.
  await t.execute(sql`delete from stock_alerts where user_id = ${userId}
      ${email ? sql`or (channel = 'email' and address = lower(${email}))` : sql``}
      ${user.confirmed_phone ? sql`or (channel = 'sms' and address = regexp_replace(${user.confirmed_phone}, '\D', '', 'g'))` : sql``}`);
  // Reviews stay as the shop's content, without the person: no account, no name.
  await t.execute(sql`update reviews set user_id = null, author_name = 'Покупатель' where user_id = ${userId}`);
  if (user.confirmed_phone) await t.execute(sql`delete from phone_codes where phone = ${user.confirmed_phone}`);
  await t.execute(sql`delete from users where id = ${userId}`);
  return true;
}
