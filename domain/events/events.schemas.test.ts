import { describe, expect, it } from 'vitest';
import { eventInput } from './events.schemas';

/** Spec §7's analytics goals, exactly as the spec writes them. */
const SPEC_GOALS = [
  'login page',
  'send code',
  'register',
  'email confirm',
  'discount-card request',
  'order confirm',
  'take-from-store',
  'order count limit',
  'adress_shops',
  'view_directions',
  'print_directions',
  'go_to_cart',
  'add_to_cart',
  'delete_from_cart',
  'view_item',
];

const goal = (event2: unknown) => eventInput.safeParse({ method: 'event.set', event1: 'goal', event2 });
const message = (r: ReturnType<typeof goal>) => r.error?.issues[0]?.message;

describe('event/set input', () => {
  it.each(SPEC_GOALS)('takes the spec goal «%s» as it is written', (name) => {
    expect(goal(name)).toMatchObject({ success: true, data: { event2: name } });
  });

  it('takes a spaced name as event1 too, and trims the ends', () => {
    expect(eventInput.parse({ method: 'event.set', event1: ' basket update ' }).event1).toBe('basket update');
  });

  it.each([
    ['a NUL', 'order\u0000confirm'],
    ['a tab', 'order\tconfirm'],
    ['a line break', 'order\nconfirm'],
    ['two spaces', 'order  confirm'],
    ['markup', '<script>'],
  ])('refuses a name with %s', (_what, name) => {
    expect(message(goal(name))).toMatch(/^Уточнение события: латинские буквы/);
  });

  it('refuses a name over 64 characters', () => {
    expect(message(goal(`order ${'x'.repeat(59)}`))).toBe('Слишком длинное уточнение события.');
    expect(goal(`order ${'x'.repeat(58)}`).success).toBe(true);
  });
});
