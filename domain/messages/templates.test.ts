import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../content/company';
import { emailLayout } from './layout';
import { emailConfirmLetter, orderConfirmationLetter, orderSms, phoneCodeSms } from './templates';

describe('emailLayout', () => {
  const letter = emailLayout({
    company: DEMO_COMPANY,
    title: 'Заказ <№1> «готов»',
    paragraphs: ['Иван & Мария', 'Второй абзац'],
    action: { label: 'Открыть "заказ"', url: 'https://shop.test/lk/order/?id=1&x=<y>' },
  });

  it('escapes every interpolated text in the HTML part', () => {
    expect(letter.html).toContain('Заказ &lt;№1&gt; «готов»');
    expect(letter.html).toContain('<p style="margin:0 0 16px">Иван &amp; Мария</p>');
    expect(letter.html).toContain('Открыть &quot;заказ&quot;');
    expect(letter.html).toContain('href="https://shop.test/lk/order/?id=1&amp;x=%3Cy%3E"');
    expect(letter.html).not.toContain('<№1>');
    expect(letter.html).not.toContain('<y>');
  });

  it('keeps the text part plain, with the button as a line with its address', () => {
    expect(letter.text).toContain('Заказ <№1> «готов»\n\nИван & Мария\n\nВторой абзац\n\n');
    expect(letter.text).toContain('Открыть "заказ": https://shop.test/lk/order/?id=1&x=%3Cy%3E\n');
    expect(letter.text).not.toContain('<p');
  });

  it('signs both parts with the shop name, address and phone', () => {
    for (const part of [letter.html, letter.text]) {
      expect(part).toContain('ВЬЮГА');
      expect(part).toContain('8 (800) 555-35-35');
      expect(part).toContain('ООО «Вьюга Ритейл» · 105064, г. Москва, ул. Земляной Вал, д. 33, этаж 3');
      expect(part).toContain('служебное письмо');
      expect(part).not.toContain('Отписаться');
    }
    expect(letter.html).toContain('href="tel:88005553535"');
  });

  it('names the company and the hot line the settings give', () => {
    const company = { ...DEMO_COMPANY, name: 'ООО «Север»', address: 'Казань, ул. Баумана, 1', hotline: '78432000000' };
    const signed = emailLayout({ company, title: 't', paragraphs: [] });
    for (const part of [signed.html, signed.text]) {
      expect(part).toContain('ООО «Север» · Казань, ул. Баумана, 1');
      expect(part).toContain('+7 (843) 200-00-00');
      expect(part).not.toContain('555-35-35');
    }
    expect(signed.html).toContain('href="tel:78432000000"');
  });

  it('puts an unsubscribe line into a newsletter', () => {
    const news = emailLayout({
      company: DEMO_COMPANY,
      title: 'Новинки',
      paragraphs: ['x'],
      unsubscribeUrl: 'https://shop.test/unsub/?t=a&b',
    });
    expect(news.html).toContain('<a href="https://shop.test/unsub/?t=a&amp;b" style="color:#5f5f5f">Отписаться</a>');
    expect(news.text).toContain('Отписаться: https://shop.test/unsub/?t=a&b');
    expect(news.text).toContain('подписались на новости');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() =>
      emailLayout({
        company: DEMO_COMPANY,
        title: 't',
        paragraphs: [],
        action: { label: 'x', url: 'javascript:alert(1)' },
      }),
    ).toThrow(/http/);
  });
});

describe('phoneCodeSms', () => {
  it('says the code in Russian and fits one SMS', () => {
    const sms = phoneCodeSms({ phone: '79001234567', code: '123456' });
    expect(sms).toEqual({
      channel: 'sms',
      kind: 'phone-code',
      to: '79001234567',
      text: 'Код подтверждения: 123456. Никому его не сообщайте. ВЬЮГА',
    });
    expect(sms.text.length).toBeLessThanOrEqual(70);
  });

  it('takes only six digits', () => {
    expect(() => phoneCodeSms({ phone: '79001234567', code: '12345' })).toThrow();
  });
});

describe('emailConfirmLetter', () => {
  it('is a Russian letter with both parts and the link as a button', () => {
    const url = 'https://shop.test/auth/confirm/?token=abc';
    const letter = emailConfirmLetter({ company: DEMO_COMPANY, email: 'anna@example.com', name: 'Анна <b>', url });
    expect(letter).toMatchObject({ channel: 'email', kind: 'email-confirm', to: 'anna@example.com' });
    expect(letter.subject).toBe('Подтвердите адрес электронной почты — ВЬЮГА');
    expect(letter.text).toContain('Здравствуйте, Анна <b>!');
    expect(letter.text).toContain(`Подтвердить адрес: ${url}`);
    expect(letter.html).toContain('Здравствуйте, Анна &lt;b&gt;!');
    expect(letter.html).toContain(`<a href="${url}"`);
    expect(letter.html).toContain('>Подтвердить адрес</a>');
  });

  it('greets without a name when there is none', () => {
    const letter = emailConfirmLetter({
      company: DEMO_COMPANY,
      email: 'a@example.com',
      name: ' ',
      url: 'https://shop.test/c/',
    });
    expect(letter.text).toContain('\nЗдравствуйте!\n');
  });
});

describe('order messages', () => {
  const order = {
    company: DEMO_COMPANY,
    email: 'anna@example.com',
    name: 'Анна',
    number: '000123',
    lines: [
      { name: 'Пуховик', sizeName: 'M', quantity: 2, total: 898200 },
      { name: 'Шапка', sizeName: 'U', quantity: 3, total: 104550 },
    ],
    delivery: 'курьер',
    deliveryPrice: 35050,
    discount: 41725,
    total: 375550,
    url: 'https://shop.test/order/?ORDER_ID=1',
  };

  it('the letter states every sum to the kopeck, each with one dot at most', () => {
    const { text, html } = orderConfirmationLetter(order);
    expect(text).toContain('Пуховик, размер M — 2 шт., 8\u00a0982\u00a0₽\n');
    expect(text).toContain('Шапка, размер U — 3 шт., 1\u00a0045,50\u00a0₽\n');
    expect(text).toContain('Получение: курьер, 350,50\u00a0₽.');
    expect(text).toContain('Скидка: 417,25\u00a0₽.');
    expect(text).toContain('Итого к оплате при получении: 3\u00a0755,50\u00a0₽.');
    expect(html).toContain('Итого к оплате при получении: 3\u00a0755,50\u00a0₽.');
    expect(text).not.toMatch(/\.\./);
    expect(text).not.toContain('руб');
  });

  it('the SMS states what is owed to the kopeck', () => {
    expect(orderSms({ phone: '79001234567', number: '000123', total: 375550 }).text).toBe(
      'Заказ № 000123 принят, к оплате 3\u00a0755,50\u00a0₽. ВЬЮГА',
    );
  });
});
