import type { User } from '../auth/user';

/** The order form's contact fields. */
export interface OrderContact {
  name: string;
  email: string;
  phone: string;
}

/** A guest's profile cookies (spec §3) as far as the order form reads them. */
export interface ProfileCookies {
  name?: string;
  lastName?: string;
  secondName?: string;
  email?: string;
  phone?: string;
}

/**
 * Spec §3 Order `data`: what the contact fields start with — the user's profile, else the profile cookies an earlier
 * order or profile left (a guest's), the name whole as the form takes it; the phone also one the session confirmed.
 */
export function orderContact(
  user: Pick<User, 'name' | 'lastName' | 'secondName' | 'email' | 'phone' | 'confirmedPhone'>,
  cookies: ProfileCookies,
  confirmedPhones: readonly string[],
): OrderContact {
  const fullName = (n: { lastName?: string; name?: string; secondName?: string }) =>
    [n.lastName, n.name, n.secondName].filter(Boolean).join(' ');
  return {
    name: fullName(user) || fullName(cookies),
    email: user.email || cookies.email || '',
    phone: user.confirmedPhone || user.phone || cookies.phone || confirmedPhones[0] || '',
  };
}
