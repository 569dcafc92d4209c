/**
 * Spec §5: names are trimmed; a full name is split on spaces — two or more parts give last name, first name and
 * middle name (first, second, third part), one part is the first name.
 */
export function splitFullName(full: string): { name: string; lastName: string; secondName: string } {
  const parts = full.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { name: '', lastName: '', secondName: '' };
  if (parts.length === 1) return { name: parts[0] as string, lastName: '', secondName: '' };
  return { lastName: parts[0] as string, name: parts[1] as string, secondName: parts.slice(2).join(' ') };
}
