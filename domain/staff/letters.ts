import { formatDate, MOSCOW } from '../text/dates';
import type { Company } from '../content/company';
import { emailLayout, SHOP } from '../messages/layout';
import type { EmailMessage } from '../messages/message';
import { ROLE_TITLES } from './permissions';
import type { StaffRole } from './staff-member';

/** The invitation to the back office: `url` opens the page that creates the account, once, until `expiresAt`. */
export function staffInviteLetter(input: {
  company: Company;
  email: string;
  name: string;
  role: StaffRole;
  url: string;
  expiresAt: Date;
}): EmailMessage {
  const title = 'Приглашение в панель управления магазином';
  const until = `${formatDate(input.expiresAt, 'longDateTime', MOSCOW)} (МСК)`;
  return {
    channel: 'email',
    kind: 'staff-invite',
    to: input.email,
    subject: `${title} — ${SHOP.name}`,
    ...emailLayout({
      company: input.company,
      title,
      paragraphs: [
        input.name ? `Здравствуйте, ${input.name}!` : 'Здравствуйте!',
        `Вас пригласили работать в панели управления магазина ${SHOP.name} с ролью «${ROLE_TITLES[input.role]}».`,
        `Откройте ссылку, задайте имя и пароль. Ссылка открывается один раз и действует до ${until} (МСК).`,
        'Если вы не ждали этого письма, просто не открывайте ссылку.',
      ],
      action: { label: 'Принять приглашение', url: input.url },
    }),
  };
}
