/**
 * Spec §5: a phone is kept as digits only and counts as set only with 11 of them. The shop's numbers are Russian:
 * a leading 8 is read as 7, and nothing else than 7 may lead.
 */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  if (digits.length !== 11) return null;
  if (digits[0] === '8') return `7${digits.slice(1)}`;
  return digits[0] === '7' ? digits : null;
}

/** «+7 (900) 123-45-67» for letters and messages; the stored form is the 11 digits. */
export function formatPhone(phone: string): string {
  return `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9, 11)}`;
}
