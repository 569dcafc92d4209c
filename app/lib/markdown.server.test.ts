import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.server';

describe('renderMarkdown', () => {
  it('renders headings, lists, tables and links', () => {
    const html = renderMarkdown(
      '## Доставка\n\n- курьер\n- почта\n\n| A | B |\n| --- | --- |\n| 1 | 2 |\n\n[Магазины](/stores/)',
    );
    expect(html).toContain('<h2>Доставка</h2>');
    expect(html).toContain('<li>курьер</li>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<a href="/stores/">Магазины</a>');
  });

  it('shows raw HTML as text and drops unsafe link addresses', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\nТекст <img src=x onerror=alert(1)> и [ссылка](javascript:alert(1))',
    );
    expect(html).not.toMatch(/<script|<img|javascript:/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('ссылка');
  });

  it('does not take a backslash address for one inside the shop', () => {
    for (const href of ['/\\evil.example/', '//evil.example/', '/\\/evil.example/']) {
      const html = renderMarkdown(`[Вход](${href})`);
      expect(html, href).not.toContain('<a');
      expect(html, href).toContain('Вход');
    }
    expect(renderMarkdown('[Магазины](/stores/)')).toContain('<a href="/stores/">');
  });

  it('opens links out of the shop in a new tab', () => {
    expect(renderMarkdown('[Почта](https://pochta.ru/)')).toContain(
      '<a href="https://pochta.ru/" rel="noopener noreferrer" target="_blank">Почта</a>',
    );
  });
});
