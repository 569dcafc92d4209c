import { useEffect, useState } from 'react';
import { GENDER_COOKIE, genderOfPath } from '../../domain/menu/menu';
import { PROFILE_COOKIE_DAYS, writeCookie } from './cookies';

/** A catalogue path of one gender is remembered in the `user_gender` cookie (spec §3) for the pages that do not say. */
export function rememberGender(pathname: string): string | null {
  const gender = genderOfPath(pathname);
  if (gender) writeCookie(GENDER_COOKIE, gender, PROFILE_COOKIE_DAYS);
  return gender;
}

/**
 * The menu's gender: the cookie the page was rendered with, then the one the visitor's last catalogue path set.
 * Written in the browser, so a page kept for everyone (decision 0017) never carries it.
 */
export function useMenuGender(pathname: string, rendered: string | null): string | null {
  const [gender, setGender] = useState(rendered);
  useEffect(() => {
    const visited = rememberGender(pathname);
    if (visited) setGender(visited);
  }, [pathname]);
  return gender;
}
