import { sql } from 'drizzle-orm';
import type { QuestionsRepository, QuestionWrites } from '../../domain/feedback/ports';
import type { Topic } from '../../domain/feedback/topics';
import { type Db, queryRows } from '../client';

export function questionsRepository(db: Db): QuestionsRepository & QuestionWrites {
  return {
    async insert(q) {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`
        insert into questions (user_id, session_id, name, email, phone, topic, order_number, message)
        values (${q.userId}, ${q.sessionId}, ${q.name}, ${q.email}, ${q.phone}, ${q.topic}, ${q.orderNumber}, ${q.message})
        returning id`,
      );
      return Number(row?.id);
    },

    async ofUser(userId) {
      const rows = await queryRows<{
        id: number;
        topic: Topic;
        order_number: string;
        message: string;
        answer: string | null;
        answered_at: string | Date | null;
        created_at: string | Date;
      }>(
        db,
        sql`
        select id, topic, order_number, message, answer, answered_at, created_at from questions
        where user_id = ${userId} order by created_at desc, id desc limit 50`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        topic: r.topic,
        orderNumber: r.order_number,
        message: r.message,
        answer: r.answer,
        answeredAt: r.answered_at === null ? null : new Date(r.answered_at).toISOString(),
        createdAt: new Date(r.created_at).toISOString(),
      }));
    },
  };
}
