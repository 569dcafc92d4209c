import { type ActionFunctionArgs, type AppLoadContext, data, type Params } from 'react-router';
import type { z } from 'zod';
import { statusOf } from '../../contract/error-status';
import { isDomainError } from '../../domain/errors';
import type { StaffAction } from '../../domain/staff/permissions';
import type { StaffMember } from '../../domain/staff/staff-member';
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
}

export type FormValues = Record<string, string | string[]>;

/** A field of `FormValues` as a list (a multi-select with one choice posts one value). */
export const listOf = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** A posted form's fields. */
export class PostedForm {
  constructor(private readonly form: FormData) {}

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

  files(name: string): File[] {
    return this.form.getAll(name).filter((v): v is File => typeof v !== 'string');
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
  member: StaffMember;
}

/** What an intent answers: its notice, more for the page (and the notice among it), or a redirect. */
type IntentResult = string | (Omit<Partial<FormOutcome>, 'intent'> & Record<string, unknown>) | Response;

export interface Intent<I> {
  /** What the schema reads; the form's text fields by default. */
  read?: (form: PostedForm) => unknown;
  schema?: z.ZodType<I>;
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
 * The action of a back-office page: the one guard with the page's permission, then the posted form's intent (the
 * `intent` field; a page of one form may leave it out), its fields read through the intent's schema (400 with the
 * first message), the irreversible ones confirmed, the service called; a rule's refusal answers with the status the
 * API gives it. `permission` and `intents` stay on the function: the audit test walks them.
 */
export function staffAction(permission: StaffAction, intents: Record<string, Intent<unknown>>) {
  const names = Object.keys(intents);
  const action = async ({ request, context, params }: ActionFunctionArgs) => {
    const member = staffPage(request, context, permission);
    const form = new PostedForm(await request.formData().catch(() => new FormData()));
    const name = form.text('intent') || (names.length === 1 ? (names[0] as string) : '');
    const chosen = Object.hasOwn(intents, name) ? intents[name] : undefined;
    const values = form.values();
    if (!chosen) return refusal({ intent: name, error: 'Обновите страницу и попробуйте ещё раз.' }, 400);
    const ask = typeof chosen.confirm === 'function' ? chosen.confirm(form) : chosen.confirm;
    if (ask && form.text('confirm') !== 'yes') return refusal({ intent: name, error: ask, values }, 400);
    const raw = chosen.read ? chosen.read(form) : values;
    const parsed = chosen.schema ? chosen.schema.safeParse(raw) : { success: true as const, data: raw };
    if (!parsed.success)
      return refusal({ intent: name, error: parsed.error.issues[0]?.message ?? 'Проверьте форму.', values }, 400);
    try {
      const result = await chosen.run({ input: parsed.data, form, context, params, member });
      if (result instanceof Response) return result;
      const done = context.ctx.now().getTime();
      return typeof result === 'string' ? { intent: name, notice: result, done } : { intent: name, done, ...result };
    } catch (error) {
      if (!isDomainError(error)) throw error;
      const wait = (error as { retryAfterS?: number }).retryAfterS;
      return refusal(
        { intent: name, error: error.message, values },
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
