// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCookie } from '~/lib/cookies';
import { CookieNotice } from './CookieNotice';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;
beforeEach(() => {
  for (const name of ['stopmetrica', 'cookie_notice']) document.cookie = `${name}=; path=/; max-age=0`;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => act(() => root.unmount()));

const show = (metrica: boolean) => act(() => root.render(<CookieNotice metrica={metrica} />));
const notice = () => container.querySelector('section[aria-label="Файлы cookie"]');
const button = (text: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === text) as HTMLButtonElement;

describe('the cookie notice', () => {
  it('turns the counter off for a year on «Отказаться» and is not shown again', () => {
    show(true);
    expect(notice()).not.toBeNull();
    act(() => button('Отказаться').click());
    expect(notice()).toBeNull();
    expect(readCookie(document.cookie, 'stopmetrica')).toBe('Y');
    show(false);
    show(true);
    expect(notice()).toBeNull();
  });

  it('closes on «Понятно» leaving the counter on', () => {
    show(true);
    act(() => button('Понятно').click());
    expect(notice()).toBeNull();
    expect(readCookie(document.cookie, 'stopmetrica')).toBeUndefined();
  });

  it('is not shown where the shop has no counter', () => {
    show(false);
    expect(notice()).toBeNull();
  });
});
