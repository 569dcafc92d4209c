import { describe, expect, it } from 'vitest';
import { CONSENT_TEXTS, consentOf } from './consent';

describe('CONSENT_TEXTS', () => {
  it.each(Object.entries(CONSENT_TEXTS))('%s: a dated version and a text that contains its link once', (_p, text) => {
    expect(text.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(text.text.split(text.link.text)).toHaveLength(2);
  });
});

describe('consentOf', () => {
  it('records the current version of the purpose, the subject, the visitor, the client and the time', () => {
    const at = new Date('2026-11-22T10:00:00Z');
    const ctx = {
      sessionId: 's1',
      actor: { kind: 'user', userId: 7 },
      client: '203.0.113.7',
      now: () => at,
    };
    expect(consentOf(ctx as Parameters<typeof consentOf>[0], 'feedback', 'a@b.ru')).toEqual({
      purpose: 'feedback',
      version: CONSENT_TEXTS.feedback.version,
      subject: 'a@b.ru',
      sessionId: 's1',
      userId: 7,
      client: '203.0.113.7',
      at,
    });
  });
});
