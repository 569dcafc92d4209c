import type { Company } from '../content/company';
import { SHOP, shopLetter } from '../messages/layout';
import type { EmailMessage } from '../messages/message';
import { ALERT_TITLES, type AlertCode } from './alerts';

/** The owner's letter that an alert is raised (with what to check), or that it has cleared. */
export function alertLetter(input: {
  company: Company;
  to: string;
  code: AlertCode;
  detail: string;
  cleared: boolean;
  adminUrl: string;
}): EmailMessage {
  const title = input.cleared ? `Снова в порядке: ${ALERT_TITLES[input.code]}` : ALERT_TITLES[input.code];
  return shopLetter(input.cleared ? 'alert-cleared' : 'alert-raised', input.to, {
    subject: `${input.cleared ? '✓' : '⚠'} ${title} — ${SHOP.name}`,
    company: input.company,
    title,
    paragraphs: input.cleared
      ? ['Предупреждение снято: проверка больше не находит проблемы.', `Было: ${input.detail}`]
      : [input.detail, 'Следующее письмо придёт, когда проблема исчезнет.'],
    action: { label: 'Открыть панель управления', url: input.adminUrl },
  });
}
