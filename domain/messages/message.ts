/** A letter: always both a plain-text and an HTML part, so every mail client shows it. */
export interface EmailMessage {
  channel: 'email';
  /** What the message is about ('email-confirm', 'order-confirm', …): logs and tests find messages by it. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmsMessage {
  channel: 'sms';
  kind: string;
  /** 11 digits starting with 7. */
  to: string;
  text: string;
}

/** A staff member's Telegram message (issue 47.1): `to` is the chat's id. */
export interface TelegramMessage {
  channel: 'telegram';
  kind: string;
  to: string;
  text: string;
}

export type OutgoingMessage = EmailMessage | SmsMessage | TelegramMessage;

/** A message the sender has taken from the outbox to deliver; `attempts` counts this one. */
export type QueuedMessage = OutgoingMessage & { id: number; attempts: number };
