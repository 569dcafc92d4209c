import { type ActionFunctionArgs, type AppLoadContext, data, type Params } from 'react-router';
import type { z } from 'zod';
import { statusOf } from '../../contract/error-status';
import { isDomainError } from '../../domain/errors';
import type { StaffAction } from '../../domain/staff/permissions';
import { staffPage } from './admin';

/** What a back-office form answers: which of the page's forms it was, and its notice or its refusal. */
export interface FormOutcome {
  intent: string;
  notice?: string;
  error?: string;
  /** What was typed, to fill the form again after a refusal (passwords left out; a repeated field a list). */
  values?: FormValues;
  /** Set on success: a form keyed by it starts empty again, so a second click does not post the same twice. */
  done?: number;
  /** A refusal's code (`TOTP_REQUIRED`…), for a form that changes with it. */
  code?: string;
  /** A refused form's fields as its intent read them (`keepRead`), for a form too rich for `values`. */
  sent?: unknown;
}

export type FormValues = Record<string, string | string[]>;

/** A field of `FormValues` as a list (a multi-select with one choice posts one value). */
export const listOf = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** A posted form's fields. */
export class PostedForm {
  /** The form as posted, for a reader of its own (the shop's week of hours). */
  constructor(readonly form: FormData) {}

  has(name: string): boolean {
    return this.form.has(name);
  }

  /** A text field, '' when absent (or a file). */
  text(name: string): string {
    const value = this.form.get(name);
    return typeof value === 'string' ? value : '';
  }

  /** Every value of a repeated field (checkboxes of one name). */
  list(name: string): string[] {
    return this.form.getAll(name).filter((v): v is string => typeof v === 'string');
  }

  /** A row's id posted in a hidden field: a number, or the «not found» of that kind of thing. */
  id(name: string, notFound: () => Error): number {
    const value = this.text(name);
    if (!/^\d{1,9}$/.test(value)) throw notFound();
    return Number(value);
  }

  files(name: string): File[] {
    return this.form.getAll(name).filter((v): v is File => typeof v !== 'string');
  }

  /** Whether a text field holds a NUL, which no text of the shop may hold and PostgreSQL refuses to store. */
  hasNul(): boolean {
    for (const [, value] of this.form) if (typeof value === 'string' && value.includes('\u0000')) return true;
    return false;
  }

  /** Every text field, once (the last of a repeated one): what a schema reads by default. */
  fields(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const [key, value] of this.form) if (typeof value === 'string') fields[key] = value;
    return fields;
  }

  /** The text fields, passwords left out, a repeated one as a list: what a refused form shows again. */
  values(): FormValues {
    const values: FormValues = {};
    for (const [key, value] of this.form) {
      if (typeof value !== 'string' || /password/i.test(key)) continue;
      const had = values[key];
      const text = value.slice(0, 2000);
      values[key] = had === undefined ? text : [...(Array.isArray(had) ? had : [had]), text];
    }
    return values;
  }
}

export interface IntentArgs<I> {
  input: I;
  form: PostedForm;
  context: AppLoadContext;
  params: Params;
  /** The request's address (a login's way back). */
  url: URL;
}

/** What an intent answers: its notice, more for the page (and the notice among it), or a redirect. */
type IntentResult = string | (Omit<Partial<FormOutcome>, 'intent'> & Record<string, unknown>) | Response;

export interface Intent<I> {
  /** What the schema reads; the form's text fields (`fields()`) by default. */
  read?: (form: PostedForm) => unknown;
  schema?: z.ZodType<I>;
  /** A refusal answers what `read` made of the form (`sent`): the page fills a rich form again from it. */
  keepRead?: boolean;
  /**
   * An irreversible action: the form's «confirm» box must be ticked, else this is the answer (or what `confirm` says
   * of the form: null when this post needs none).
   */
  confirm?: string | ((form: PostedForm) => string | null);
  run(args: IntentArgs<I>): Promise<IntentResult>;
}

/** An intent whose input the schema reads (the helper only fixes the input's type from the schema). */
export const intent = <I>(definition: Intent<I>): Intent<I> => definition;

const refusal = (outcome: FormOutcome, status: number, headers?: HeadersInit) => data(outcome, { status, headers });

/**
 * The action of a back-office page: the one guard with the page's permission (`open`: the login and the invitation,
 * whose forms prove who posts them), then the posted form's intent (the `intent` field; a page of one form may leave
 * it out), its fields read through the intent's schema (400 with the first message), the irreversible ones confirmed,
 * the service called; a rule's refusal answers with the status the API gives it. `permission` and `intents` stay on
 * the function: the audit test walks them.
 */
export function staffAction(permission: StaffAction | 'open', intents: Record<string, Intent<unknown>>) {
  const names = Object.keys(intents);
  const action = async ({ request, context, params }: ActionFunctionArgs) => {
    if (permission !== 'open') staffPage(request, context, permission);
    const form = new PostedForm(await request.formData().catch(() => new FormData()));
    const name = form.text('intent') || (names.length === 1 ? (names[0] as string) : '');
    const chosen = Object.hasOwn(intents, name) ? intents[name] : undefined;
    const values = form.values();
    if (!chosen) return refusal({ intent: name, error: 'Обновите страницу и попробуйте ещё раз.' }, 400);
    // Every form at once, whatever its intent reads: a NUL would fail at the database as a 500.
    if (form.hasNul())
      return refusal(
        { intent: name, error: 'В форме есть недопустимый символ (NUL): уберите его и отправьте снова.' },
        400,
      );
    const ask = typeof chosen.confirm === 'function' ? chosen.confirm(form) : chosen.confirm;
    if (ask && form.text('confirm') !== 'yes') return refusal({ intent: name, error: ask, values }, 400);
    const raw = chosen.read ? chosen.read(form) : form.fields();
    const parsed = chosen.schema ? chosen.schema.safeParse(raw) : { success: true as const, data: raw };
    const sent = chosen.keepRead ? { sent: raw } : {};
    if (!parsed.success)
      return refusal(
        { intent: name, error: parsed.error.issues[0]?.message ?? 'Проверьте форму.', values, ...sent },
        400,
      );
    try {
      const result = await chosen.run({ input: parsed.data, form, context, params, url: new URL(request.url) });
      if (result instanceof Response) return result;
      const done = context.ctx.now().getTime();
      return typeof result === 'string' ? { intent: name, notice: result, done } : { intent: name, done, ...result };
    } catch (error) {
      if (!isDomainError(error)) throw error;
      const wait = (error as { retryAfterS?: number }).retryAfterS;
      return refusal(
        { intent: name, error: error.message, code: error.code, values, ...sent },
        statusOf(error.kind),
        error.kind === 'rate_limited' ? { 'Retry-After': String(wait ?? 60) } : undefined,
      );
    }
  };
  return Object.assign(action, { permission, intents: names });
}

/** A loader's refusal by a rule: the route's error boundary shows the message, with the API's status. */
export function loaderRefusal(error: unknown): never {
  if (!isDomainError(error)) throw error;
  throw data(error.message, { status: statusOf(error.kind) });
}
