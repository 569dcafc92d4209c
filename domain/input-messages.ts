import type { z } from 'zod';

/**
 * The message of an input problem whose schema says nothing of its own: most fields name theirs (what a shopper
 * types), and the rest are what a broken client or a script sends. Those still hear Russian, with the field named.
 */
export function inputIssueMessage(issue: z.core.$ZodRawIssue): string {
  const path = issue.path?.length ? issue.path.join('.') : '';
  const field = path ? ` поля «${path}»` : '';
  const missing = issue.input === undefined || issue.input === null || issue.input === '';
  switch (issue.code) {
    case 'invalid_type':
      return missing ? `Не заполнено${path ? ` поле «${path}»` : ' значение'}.` : `Неверный тип значения${field}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Слишком длинное значение${field}: не больше ${issue.maximum} символов.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Слишком много значений${field}: не больше ${issue.maximum}.`;
      return `Слишком большое значение${field}: ${issue.inclusive === false ? 'меньше' : 'не больше'} ${issue.maximum}.`;
    case 'too_small':
      if (issue.origin === 'string')
        return missing
          ? `Не заполнено${path ? ` поле «${path}»` : ' значение'}.`
          : `Слишком короткое значение${field}: не меньше ${issue.minimum} символов.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Слишком мало значений${field}: не меньше ${issue.minimum}.`;
      return `Слишком маленькое значение${field}: ${issue.inclusive === false ? 'больше' : 'не меньше'} ${issue.minimum}.`;
    case 'invalid_format':
      return `Неверный формат${field}.`;
    case 'unrecognized_keys':
      // The sender's own names, so a few and short.
      return `Лишние поля в запросе: ${issue.keys
        .slice(0, 5)
        .map((k) => k.slice(0, 40))
        .join(', ')}.`;
    default:
      return missing ? `Не заполнено${path ? ` поле «${path}»` : ' значение'}.` : `Неверное значение${field}.`;
  }
}
