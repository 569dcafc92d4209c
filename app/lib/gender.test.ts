// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { activeCategoryId, type Menu } from '../../domain/menu/menu';
import { readCookie } from './cookies';
import { rememberGender } from './gender';

const menu = {
  categories: [
    { id: 1, name: 'Женщинам', url: '/catalog/women/', blocks: [] },
    { id: 2, name: 'Мужчинам', url: '/catalog/man/', blocks: [] },
  ],
} as unknown as Menu;

describe('the gender cookie a catalogue path leaves', () => {
  beforeEach(() => {
    document.cookie = 'user_gender=; path=/; max-age=0';
  });

  it('remembers a men’s section as man (spec §3), so the home page’s menu opens on men’s', () => {
    rememberGender('/catalog/man/verkhnyaya-odezhda/parki/');
    const cookie = readCookie(document.cookie, 'user_gender');
    expect(cookie).toBe('man');
    expect(activeCategoryId(menu, '/', cookie)).toBe(2);
  });

  it('remembers a women’s section as woman and leaves the cookie alone on other pages', () => {
    rememberGender('/catalog/women/');
    rememberGender('/stores/');
    expect(readCookie(document.cookie, 'user_gender')).toBe('woman');
    expect(activeCategoryId(menu, '/', 'woman')).toBe(1);
  });
});
