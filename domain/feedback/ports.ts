import type { FeedbackInput } from './feedback';
import type { Topic } from './topics';

export interface Question {
  id: number;
  topic: Topic;
  topicName: string;
  orderNumber: string;
  message: string;
  answer: string | null;
  answeredAt: string | null;
  createdAt: string;
}

export interface NewQuestion extends Omit<FeedbackInput, 'agree' | 'website' | 'startToken'> {
  userId: number | null;
  sessionId: string;
}

export interface QuestionsRepository {
  /** The user's questions, newest first. */
  ofUser(userId: number): Promise<Omit<Question, 'topicName'>[]>;
}

/** The writes of a question, inside its unit of work. */
export interface QuestionWrites {
  insert(question: NewQuestion): Promise<number>;
}
