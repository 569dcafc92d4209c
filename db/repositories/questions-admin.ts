import { type SQL, sql } from 'drizzle-orm';
import type {
  QuestionQuery,
  QuestionRow,
  QuestionsAdminReads,
  QuestionsAdminWrites,
} from '../../domain/feedback/questions-admin';
import type { Topic } from '../../domain/feedback/topics';
import { type Db, queryRows } from '../client';

interface Row {
  id: number;
  user_id: number | null;
  name: string;
  email: string;
  phone: string;
  topic: Topic;
  order_number: string;
  message: string;
  answer: string | null;
  answered_at: string | Date | null;
  answered_by: number | null;
  answered_by_email: string | null;
  created_at: string | Date;
  total?: number;
}

const rowOf = (r: Row): QuestionRow => ({
  id: Number(r.id),
  userId: r.user_id === null ? null : Number(r.user_id),
  name: r.name,
  email: r.email,
  phone: r.phone,
  topic: r.topic,
  orderNumber: r.order_number,
  message: r.message,
  answer: r.answer,
  answeredAt: r.answered_at === null ? null : new Date(r.answered_at).toISOString(),
  answeredBy: r.answered_by === null ? null : Number(r.answered_by),
  answeredByEmail: r.answered_by_email,
  createdAt: new Date(r.created_at).toISOString(),
});

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(q: Omit<QuestionQuery, 'limit' | 'offset'>): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.answered === true) parts.push(sql`q.answer is not null`);
  if (q.answered === false) parts.push(sql`q.answer is null`);
  if (q.topic) parts.push(sql`q.topic = ${q.topic}`);
  if (q.q) {
    const text = likeText(q.q);
    const id = /^\d{1,9}$/.test(q.q) ? Number(q.q) : -1;
    parts.push(sql`(q.id = ${id} or q.name ilike ${text} or q.email ilike ${text} or q.phone ilike ${text}
      or q.order_number ilike ${text} or q.message ilike ${text} or coalesce(q.answer, '') ilike ${text})`);
  }
  return sql.join(parts, sql` and `);
}

const COLUMNS = sql`q.id, q.user_id, q.name, q.email, q.phone, q.topic, q.order_number, q.message, q.answer,
  q.answered_at, q.answered_by, st.email as answered_by_email, q.created_at`;

/** The back office's reads of the questions. */
export function questionsAdminRepository(db: Db): QuestionsAdminReads {
  return {
    async list(query) {
      const rows = await queryRows<Row>(
        db,
        sql`select ${COLUMNS}, count(*) over () as total
        from questions q left join staff st on st.id = q.answered_by
        where ${where(query)}
        order by (q.answer is null) desc, q.created_at desc, q.id desc
        limit ${query.limit} offset ${query.offset}`,
      );
      let total = rows[0] ? Number(rows[0].total) : 0;
      if (!rows[0] && query.offset > 0) {
        const [count] = await queryRows<{ n: number }>(
          db,
          sql`select count(*) as n from questions q where ${where(query)}`,
        );
        total = Number(count?.n ?? 0);
      }
      return { rows: rows.map(rowOf), total };
    },
    async unanswered() {
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*) as n from questions where answer is null`);
      return Number(row?.n ?? 0);
    },
    async one(id) {
      const [row] = await queryRows<Row>(
        db,
        sql`select ${COLUMNS} from questions q left join staff st on st.id = q.answered_by where q.id = ${id}`,
      );
      return row ? rowOf(row) : null;
    },
    async orderExists(id) {
      return (await queryRows(db, sql`select 1 from orders where id = ${id}`)).length > 0;
    },
  };
}

export function questionsAdminWrites(db: Db): QuestionsAdminWrites {
  return {
    async lock(id) {
      const [row] = await queryRows<Row>(
        db,
        sql`select ${COLUMNS} from questions q left join staff st on st.id = q.answered_by where q.id = ${id}
        for update of q`,
      );
      return row ? rowOf(row) : null;
    },
    async answer(id, text, at, staffId) {
      await db.execute(
        sql`update questions set answer = ${text}, answered_at = ${at.toISOString()}, answered_by = ${staffId}
        where id = ${id}`,
      );
    },
  };
}
