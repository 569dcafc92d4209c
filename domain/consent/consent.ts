import { type RequestContext, userIdOf } from '../context';

/** Every consent the shop takes (spec §5, issue 13.6): each is recorded, as Russian personal-data law expects. */
export type ConsentPurpose = 'newsletter' | 'registration' | 'order' | 'feedback';

export interface ConsentText {
  /** Changes whenever the text does, so a record names the words the person agreed to. */
  version: string;
  /** The words shown next to the form's button. */
  text: string;
  /** The part of `text` that links to the document it refers to. */
  link: { text: string; href: string };
}

const AGREEMENT = '/agreement/';

/** The current text of each consent. The forms render these, so what is recorded is what was shown. */
export const CONSENT_TEXTS: { readonly [P in ConsentPurpose]: ConsentText } = {
  newsletter: {
    version: '2026-11-22',
    text: 'Отписаться можно в любой момент. Подписываясь, вы соглашаетесь с политикой конфиденциальности и использования файлов cookie.',
    link: { text: 'политикой конфиденциальности и использования файлов cookie', href: AGREEMENT },
  },
  registration: {
    version: '2026-11-22',
    text: 'Регистрируясь, вы даёте согласие на обработку персональных данных.',
    link: { text: 'согласие на обработку персональных данных', href: AGREEMENT },
  },
  order: {
    version: '2026-11-22',
    text: 'Оформляя заказ, вы даёте согласие на обработку персональных данных.',
    link: { text: 'согласие на обработку персональных данных', href: AGREEMENT },
  },
  feedback: {
    version: '2026-11-22',
    text: 'Отправляя сообщение, вы даёте согласие на обработку персональных данных.',
    link: { text: 'согласие на обработку персональных данных', href: AGREEMENT },
  },
};

/** One consent as recorded: what was agreed to, by whom, when and from where. */
export interface Consent {
  purpose: ConsentPurpose;
  version: string;
  /** Whom it concerns: the email, phone or user id the form took. */
  subject: string;
  sessionId: string;
  userId: number | null;
  /** The client address (the socket's, or the trusted proxy's last hop). */
  client: string;
  at: Date;
}

export interface ConsentRepository {
  /** Stores the record; the repository may be bound to the transaction of the change the consent is for. */
  record(consent: Consent): Promise<void>;
}

/** The consent of the request's visitor to the current text of `purpose`, given now. */
export function consentOf(
  ctx: Pick<RequestContext, 'sessionId' | 'actor' | 'client' | 'now'>,
  purpose: ConsentPurpose,
  subject: string,
): Consent {
  return {
    purpose,
    version: CONSENT_TEXTS[purpose].version,
    subject,
    sessionId: ctx.sessionId,
    userId: userIdOf(ctx),
    client: ctx.client,
    at: ctx.now(),
  };
}
