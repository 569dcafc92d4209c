import { sql } from 'drizzle-orm';
import type { StaffMember, StaffRole } from '../../domain/staff/staff-member';
import type { OpenInvite, StaffInvite, StaffRepository, StaffRow } from '../../domain/staff/ports';
import { type Db, queryRows, ts } from '../client';

interface Row {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  shop_id: number | null;
  password_hash: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
}

const staffOf = (r: Row): StaffRow => ({
  id: Number(r.id),
  email: r.email,
  name: r.name,
  role: r.role,
  shopId: r.shop_id === null ? null : Number(r.shop_id),
  passwordHash: r.password_hash,
  totpSecret: r.totp_secret,
  totpPendingSecret: r.totp_pending_secret,
  totpLastStep: r.totp_last_step === null ? null : Number(r.totp_last_step),
});

interface InviteRow {
  token_hash: string;
  email: string;
  name: string;
  role: StaffRole;
  shop_id: number | null;
  invited_by: number | null;
  expires_at: string | Date;
}

const inviteOf = (r: InviteRow): StaffInvite => ({
  tokenHash: r.token_hash,
  email: r.email,
  name: r.name,
  role: r.role,
  shopId: r.shop_id === null ? null : Number(r.shop_id),
  invitedBy: r.invited_by === null ? null : Number(r.invited_by),
  expiresAt: new Date(r.expires_at),
});

const COLUMNS = sql`id, email, name, role, shop_id, password_hash, totp_secret, totp_pending_secret, totp_last_step`;
/** The members still here: a removed one's row stays only for the audit log. */
const ACTIVE = sql`removed_at is null`;

/** The column of each field `update` may set. */
const FIELD_COLUMNS = {
  name: 'name',
  role: 'role',
  shopId: 'shop_id',
  passwordHash: 'password_hash',
  totpSecret: 'totp_secret',
  totpPendingSecret: 'totp_pending_secret',
  totpLastStep: 'totp_last_step',
} as const;

export function staffRepository(db: Db): StaffRepository {
  return {
    async byEmail(email) {
      const [r] = await queryRows<Row>(
        db,
        sql`select ${COLUMNS} from staff where lower(email) = lower(${email}) and ${ACTIVE}`,
      );
      return r ? staffOf(r) : null;
    },

    async byId(id) {
      const [r] = await queryRows<Row>(db, sql`select ${COLUMNS} from staff where id = ${id} and ${ACTIVE}`);
      return r ? staffOf(r) : null;
    },

    async list() {
      return (
        await queryRows<Row>(db, sql`select ${COLUMNS} from staff where ${ACTIVE} order by role, lower(email)`)
      ).map(staffOf);
    },

    async lockOwners() {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select id from staff where role = 'owner' and ${ACTIVE} order by id for no key update`,
      );
      return rows.map((r) => Number(r.id));
    },

    async lockMember(id) {
      const [r] = await queryRows<Row>(
        db,
        sql`select ${COLUMNS} from staff where id = ${id} and ${ACTIVE} for no key update`,
      );
      return r ? staffOf(r) : null;
    },

    async remove(id, at) {
      await db.execute(sql`update staff set removed_at = ${ts(at)} where id = ${id}`);
    },

    async shops() {
      const rows = await queryRows<{ id: number; code: string; name: string; time_zone: string }>(
        db,
        sql`select s.id, s.code, s.name, c.time_zone from stores s join cities c on c.id = s.city_id
          where s.type = 'shop' order by s.name`,
      );
      return rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name, timeZone: r.time_zone }));
    },

    async create(m) {
      // No exception on a taken address: inside a transaction it would abort the whole unit on PostgreSQL.
      const [r] = await queryRows<{ id: number }>(
        db,
        sql`insert into staff (email, name, role, shop_id, password_hash)
          values (${m.email}, ${m.name}, ${m.role}, ${m.shopId}, ${m.passwordHash})
          on conflict ((lower(email))) where removed_at is null do nothing returning id`,
      );
      return r ? Number(r.id) : 'email_taken';
    },

    async update(id, fields) {
      const sets = Object.entries(fields).map(
        ([key, value]) => sql`${sql.identifier(FIELD_COLUMNS[key as keyof typeof FIELD_COLUMNS])} = ${value}`,
      );
      if (sets.length > 0) await db.execute(sql`update staff set ${sql.join(sets, sql`, `)} where id = ${id}`);
    },

    async spendTotpStep(id, step) {
      const [r] = await queryRows<{ id: number }>(
        db,
        sql`update staff set totp_last_step = ${step}
          where id = ${id} and (totp_last_step is null or totp_last_step < ${step}) returning id`,
      );
      return r !== undefined;
    },

    async sessionMember(tokenHash, now, idleS) {
      const [r] = await queryRows<{ id: number; email: string; role: StaffRole; shop_id: number | null }>(
        db,
        sql`update staff_sessions s set last_seen_at = ${ts(now)} from staff m
          where s.token_hash = ${tokenHash} and m.id = s.staff_id and m.removed_at is null
            and s.last_seen_at > ${ts(now)} - make_interval(secs => ${idleS})
          returning m.id, m.email, m.role, m.shop_id`,
      );
      if (!r) return null;
      const member: StaffMember = {
        staffId: Number(r.id),
        email: r.email,
        role: r.role,
        shopId: r.shop_id === null ? null : Number(r.shop_id),
      };
      return member;
    },

    async startSession(tokenHash, staffId, now) {
      await db.execute(sql`insert into staff_sessions (token_hash, staff_id, created_at, last_seen_at)
        values (${tokenHash}, ${staffId}, ${ts(now)}, ${ts(now)})`);
    },

    async endSession(tokenHash) {
      await db.execute(sql`delete from staff_sessions where token_hash = ${tokenHash}`);
    },

    async endSessions(staffId, keep) {
      await db.execute(
        sql`delete from staff_sessions where staff_id = ${staffId} and token_hash is distinct from ${keep}`,
      );
    },

    async createInvite(i) {
      await db.execute(sql`insert into staff_invites (token_hash, email, name, role, shop_id, invited_by, expires_at)
        values (${i.tokenHash}, ${i.email}, ${i.name}, ${i.role}, ${i.shopId}, ${i.invitedBy}, ${ts(i.expiresAt)})`);
    },

    async invite(tokenHash, now) {
      const [r] = await queryRows<InviteRow>(
        db,
        sql`select token_hash, email, name, role, shop_id, invited_by, expires_at from staff_invites
          where token_hash = ${tokenHash} and used_at is null and expires_at > ${ts(now)}`,
      );
      return r ? inviteOf(r) : null;
    },

    async spendInvite(tokenHash, now) {
      const [r] = await queryRows<InviteRow>(
        db,
        sql`update staff_invites set used_at = ${ts(now)}
          where token_hash = ${tokenHash} and used_at is null and expires_at > ${ts(now)}
          returning token_hash, email, name, role, shop_id, invited_by, expires_at`,
      );
      return r ? inviteOf(r) : null;
    },

    async endInvites(email, now) {
      // An ended invitation is marked as used: every lookup of a link already passes a used one over.
      const rows = await queryRows<{ token_hash: string }>(
        db,
        sql`update staff_invites set used_at = ${ts(now)}
          where email = ${email} and email <> '' and used_at is null returning token_hash`,
      );
      return rows.length;
    },

    async openInvites(now) {
      const rows = await queryRows<InviteRow & { inviter: string | null }>(
        db,
        sql`select i.email, i.name, i.role, i.shop_id, s.email as inviter, i.expires_at
          from staff_invites i left join staff s on s.id = i.invited_by
          where i.email <> '' and i.used_at is null and i.expires_at > ${ts(now)}
          order by i.expires_at desc`,
      );
      return rows.map(
        (r): OpenInvite => ({
          email: r.email,
          name: r.name,
          role: r.role,
          shopId: r.shop_id === null ? null : Number(r.shop_id),
          invitedBy: r.inviter,
          expiresAt: new Date(r.expires_at),
        }),
      );
    },
  };
}
