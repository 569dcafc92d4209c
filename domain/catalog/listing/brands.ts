/** The brand list split by first letter (spec §2): Cyrillic А–Я first, then Latin A–Z, then the rest. */
export interface LetterGroup<T> {
  letter: string;
  brands: T[];
}
export interface Alphabet<T> {
  name: string;
  letters: LetterGroup<T>[];
}

const CYRILLIC = /^[А-ЯЁ]$/;
const LATIN = /^[A-Z]$/;

export function brandLetter(name: string): string {
  const first = name.trim().charAt(0).toLocaleUpperCase('ru');
  return first === 'Ё' ? 'Е' : first;
}

export function groupBrands<T extends { name: string }>(brands: readonly T[]): Alphabet<T>[] {
  const alphabets: Alphabet<T>[] = [
    { name: 'А–Я', letters: [] },
    { name: 'A–Z', letters: [] },
    { name: '0–9', letters: [] },
  ];
  const sorted = [...brands].sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  for (const brand of sorted) {
    const letter = brandLetter(brand.name);
    const alphabet = CYRILLIC.test(letter) ? alphabets[0] : LATIN.test(letter) ? alphabets[1] : alphabets[2];
    const target = alphabet as Alphabet<T>;
    let group = target.letters.find((g) => g.letter === letter);
    if (!group) {
      group = { letter, brands: [] };
      target.letters.push(group);
    }
    group.brands.push(brand);
  }
  for (const a of alphabets) a.letters.sort((x, y) => x.letter.localeCompare(y.letter, 'ru'));
  return alphabets.filter((a) => a.letters.length > 0);
}
