import { type Company, formatHotline, hotlineHref } from '../content/company';
import { escapeHtml, safeUrl } from './html';
import type { EmailMessage } from './message';

/** The shop's brand as its letters sign them; the company and its hot line come from the settings (`Company`). */
export const SHOP = {
  name: 'ВЬЮГА',
  tagline: 'тёплая одежда для города',
} as const;

/** The design tokens of app/styles/tokens.css that a letter needs, inline: mail clients drop style sheets. */
const C = {
  text: '#161616',
  muted: '#5f5f5f',
  border: '#e3e1dd',
  bg: '#ffffff',
  accent: '#b3261e',
  onAccent: '#ffffff',
};
const FONT = "Arial, 'Helvetica Neue', Helvetica, sans-serif";

export interface LetterContent {
  /** Who sends it: the footer names the company, its address and hot line. */
  company: Company;
  /** The heading of the letter, and its <title>. */
  title: string;
  paragraphs: string[];
  /** One button; the text part shows its address on a line of its own. */
  action?: { label: string; url: string };
  /** A newsletter's unsubscribe link; a letter about the reader's own account or order has none. */
  unsubscribeUrl?: string;
}

/** A letter of the shop to `to`: its subject is the title and the shop's name, unless given. */
export function shopLetter(kind: string, to: string, content: LetterContent & { subject?: string }): EmailMessage {
  const { subject, ...letter } = content;
  return { channel: 'email', kind, to, subject: subject ?? `${letter.title} — ${SHOP.name}`, ...emailLayout(letter) };
}

/** Both parts of a letter in the shop's look. Every text is escaped here, so callers pass plain text. */
export function emailLayout(content: LetterContent): { html: string; text: string } {
  return { html: htmlLetter(content), text: textLetter(content) };
}

const SIGNATURE = `${SHOP.name} — ${SHOP.tagline}`;

/** Why the reader gets the letter: the newsletter can be left, a letter about their account or order cannot. */
function reasonLine(content: LetterContent): string {
  return content.unsubscribeUrl
    ? 'Вы получили это письмо, потому что подписались на новости магазина.'
    : 'Это служебное письмо о вашем аккаунте или заказе: оно приходит и без подписки на рассылку.';
}

const contactLine = (company: Company) => `${company.name} · ${company.address} · ${formatHotline(company.hotline)}`;

function textLetter(content: LetterContent): string {
  const lines = [SHOP.name, '', content.title, ''];
  for (const p of content.paragraphs) lines.push(p, '');
  if (content.action) lines.push(`${content.action.label}: ${safeUrl(content.action.url)}`, '');
  lines.push('—', SIGNATURE, contactLine(content.company), reasonLine(content));
  if (content.unsubscribeUrl) lines.push(`Отписаться: ${safeUrl(content.unsubscribeUrl)}`);
  return `${lines.join('\n')}\n`;
}

function htmlLetter(content: LetterContent): string {
  const e = escapeHtml;
  const paragraphs = content.paragraphs.map((p) => `<p style="margin:0 0 16px">${e(p)}</p>`).join('');
  const action = content.action ? button(content.action.label, safeUrl(content.action.url)) : '';
  const unsubscribe = content.unsubscribeUrl
    ? ` <a href="${e(safeUrl(content.unsubscribeUrl))}" style="color:${C.muted}">Отписаться</a>`
    : '';
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(content.title)}</title>
</head>
<body style="margin:0;padding:0;background:${C.bg}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${C.bg}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;border:1px solid ${C.border};color:${C.text};font-family:${FONT};font-size:16px;line-height:1.5">
<tr><td style="padding:20px 32px;border-bottom:1px solid ${C.border};font-size:20px;font-weight:700;letter-spacing:0.14em">${e(SHOP.name)}</td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;font-size:28px;line-height:1.25;font-weight:600">${e(content.title)}</h1>
${paragraphs}${action}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid ${C.border};font-size:12px;line-height:1.5;color:${C.muted}">
${e(SIGNATURE)}<br>
${e(`${content.company.name} · ${content.company.address}`)} · <a href="${e(hotlineHref(content.company.hotline))}" style="color:${C.muted}">${e(formatHotline(content.company.hotline))}</a><br>
${e(reasonLine(content))}${unsubscribe}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function button(label: string, url: string): string {
  const e = escapeHtml;
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="background:${C.accent};border-radius:2px">
<a href="${e(url)}" style="display:inline-block;padding:14px 28px;color:${C.onAccent};font-weight:600;text-decoration:none">${e(label)}</a>
</td></tr></table>
<p style="margin:0;font-size:14px;color:${C.muted}">Если кнопка не открывается, скопируйте ссылку в браузер:<br><a href="${e(url)}" style="color:${C.text};word-break:break-all">${e(url)}</a></p>`;
}
