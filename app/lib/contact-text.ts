import { formatPhone } from '../../domain/auth/phone';

/** A person's name as the back office's lists show it: the first name, then the last. */
export const fullName = (customer: { name: string; lastName: string }) =>
  `${customer.name} ${customer.lastName}`.trim();

/** A stored phone (11 digits) as people read it; anything else as it is. */
export const phoneText = (phone: string) => (/^7\d{10}$/.test(phone) ? formatPhone(phone) : phone);
