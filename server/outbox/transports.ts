import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Settings } from '../../config/settings';
import type { EmailMessage, QueuedMessage, SmsMessage, TelegramMessage } from '../../domain/messages/message';
import { telegramBotTransport } from './telegram';

/** Delivers one message or throws; the sender retries what throws. */
export interface Transport {
  send(message: QueuedMessage): Promise<void>;
  /** Lets go of connections once the sender has stopped. */
  close(): void;
}

/** How long a gateway or mail server may take before the attempt counts as failed. */
const TIMEOUT_MS = 10_000;

/** Letters by SMTP when `SMTP_URL` is set, SMS by the gateway when `SMS_URL` is set, everything else to files. */
export function createTransport(
  settings: Pick<Settings, 'SMTP_URL' | 'SMS_URL' | 'MAIL_FROM' | 'DATA_DIR'> &
    Partial<Pick<Settings, 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_API_URL'>>,
): Transport & { describe: string } {
  const files =
    settings.SMTP_URL && settings.SMS_URL && settings.TELEGRAM_BOT_TOKEN
      ? null
      : fileTransport(path.join(settings.DATA_DIR, 'outbox'), settings.MAIL_FROM);
  const email = settings.SMTP_URL ? smtpTransport(settings.SMTP_URL, settings.MAIL_FROM) : files;
  const sms = settings.SMS_URL ? smsGatewayTransport(settings.SMS_URL) : files;
  // Issue 47.1: the staff's Telegram messages through the bot with `TELEGRAM_BOT_TOKEN`, else recorded as files.
  const telegram = settings.TELEGRAM_BOT_TOKEN
    ? telegramBotTransport(settings.TELEGRAM_BOT_TOKEN, settings.TELEGRAM_API_URL ?? 'https://api.telegram.org')
    : files;
  const byChannel = { email, sms, telegram };
  return {
    describe: `письма: ${settings.SMTP_URL ? 'SMTP' : 'файлы'}, SMS: ${settings.SMS_URL ? 'шлюз' : 'файлы'}, Telegram: ${settings.TELEGRAM_BOT_TOKEN ? 'бот' : 'файлы'}`,
    send: (message) => (byChannel[message.channel] as Transport).send(message),
    close() {
      email?.close();
      sms?.close();
      if (telegram !== files) telegram?.close();
    },
  };
}

function smtpTransport(url: string, from: string): Transport {
  const mailer = nodemailer.createTransport({
    url,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return {
    async send(message) {
      const email = message as EmailMessage;
      await mailer.sendMail({ from, to: email.to, subject: email.subject, text: email.text, html: email.html });
    },
    close: () => mailer.close(),
  };
}

/** POSTs `{ phone, text }` as JSON; any 2xx answer is a delivery, anything else is a failure to retry. */
function smsGatewayTransport(url: string): Transport {
  return {
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: message.to, text: message.text }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`SMS-шлюз ответил ${response.status}`);
    },
    close() {},
  };
}

/**
 * One file per message under `dir`: a letter as a real `.eml` (RFC 822, multipart/alternative text and HTML), an
 * SMS as `.txt`. The name is the message id, its kind and its recipient (`000000000042_email-confirm_anna@example.com.eml`):
 * files sort in sending order, a message delivered again after a crash overwrites its own file, and a reader (or a
 * test) finds the messages of one address. A file appears whole or not at all: it is written aside and renamed.
 */
export function fileTransport(dir: string, from: string): Transport {
  const composer = emlComposer();
  return {
    async send(message) {
      const body = message.channel === 'email' ? await emlFile(composer, from, message) : smsFile(message);
      const extension = message.channel === 'email' ? 'eml' : 'txt';
      const name = `${String(message.id).padStart(12, '0')}_${safeName(message.kind)}_${safeName(message.to)}.${extension}`;
      await mkdir(dir, { recursive: true });
      const temporary = path.join(dir, `.${name}.${randomUUID()}.tmp`);
      await writeFile(temporary, body);
      await rename(temporary, path.join(dir, name));
    },
    close: () => composer.close(),
  };
}

/** Nodemailer's stream transport composes the whole message (headers, encodings, parts) without sending it. */
const emlComposer = () => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

async function emlFile(composer: ReturnType<typeof emlComposer>, from: string, message: EmailMessage): Promise<Buffer> {
  const { to, subject, text, html } = message;
  // `buffer: true` makes the message a Buffer rather than a stream.
  return (await composer.sendMail({ from, to, subject, text, html })).message as Buffer;
}

function smsFile(message: SmsMessage | TelegramMessage): string {
  return `To: ${message.to}\nKind: ${message.kind}\n\n${message.text}\n`;
}

/**
 * A part of a file name: latin letters, digits and `@ . + -` stay, anything else (a slash, a space, `_`) becomes
 * `-`, so `_` separates the parts of a name.
 */
export function safeName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9@.+-]/g, '-')
    .slice(0, 100);
}
