import { describe, expect, it } from 'vitest';
import { cutQuery, planSearch, SEARCH_MAX, tokenize, type VocabularyWord, type WordFacts } from './search';

const vocabulary: VocabularyWord[] = [
  { word: 'пуховик', stem: 'пуховик', kind: 'text' },
  { word: 'мужской', stem: 'мужск', kind: 'text' },
  { word: 'парка', stem: 'парк', kind: 'text' },
  { word: 'nordvik', stem: 'nordvik', kind: 'brand', brandId: 1 },
  { word: 'белый', stem: 'бел', kind: 'brand', brandId: 15 },
  { word: 'медведь', stem: 'медвед', kind: 'brand', brandId: 15 },
  { word: 'белый', stem: 'бел', kind: 'color', colorCode: 'white' },
  { word: 'чёрный', stem: 'черн', kind: 'color', colorCode: 'black' },
  { word: 'шерсть', stem: 'шерст', kind: 'prop', prop: { code: 'material', value: 'wool' } },
];
const facts = (entries: Record<string, [string[], string | null]>) =>
  new Map<string, WordFacts>(Object.entries(entries).map(([w, [stems, closest]]) => [w, { stems, closest }]));

describe('search query', () => {
  it('cuts a query to 100 characters and tidies spaces, never refusing it', () => {
    expect(cutQuery('  пуховик   мужской ')).toBe('пуховик мужской');
    expect(cutQuery('я'.repeat(150))).toHaveLength(SEARCH_MAX);
    expect(cutQuery(null)).toBe('');
  });

  it('splits words and article numbers', () => {
    expect(tokenize('Пуховик-парка NO00012-01, «мужской»! 46')).toEqual({
      words: ['пуховик', 'парка', 'мужской'],
      articles: ['NO00012-01'],
    });
  });

  it('sends product words to full-text search and turns brand, prop and colour words into conditions', () => {
    const plan = planSearch(
      tokenize('чёрный пуховики Nordvik из шерсти'),
      facts({
        чёрный: [['черн'], null],
        пуховики: [['пуховик'], null],
        nordvik: [['nordvik'], null],
        из: [[], null],
        шерсти: [['шерст'], null],
      }),
      vocabulary,
    );
    expect(plan.match).toEqual({
      text: ['пуховики'],
      brandIds: [1],
      colorCodes: ['black'],
      props: { material: ['wool'] },
      articles: [],
    });
    expect(plan.corrected).toEqual([]);
  });

  it('reads a typo as the nearest catalogue word', () => {
    const plan = planSearch(
      tokenize('пуховек мужской'),
      facts({ пуховек: [['пуховек'], 'пуховик'], мужской: [['мужск'], null] }),
      vocabulary,
    );
    expect(plan.match.text).toEqual(['пуховик', 'мужской']);
    expect(plan.corrected).toEqual([{ from: 'пуховек', to: 'пуховик' }]);
  });

  it('finds a brand name of two words as a whole, not as a colour', () => {
    const plan = planSearch(
      tokenize('Белый медведь парка'),
      facts({ белый: [['бел'], null], медведь: [['медвед'], null], парка: [['парк'], null] }),
      vocabulary,
    );
    expect(plan.match).toMatchObject({ text: ['парка'], brandIds: [15], colorCodes: [] });
  });

  it('keeps an unknown word with no near match, so it finds nothing rather than everything', () => {
    const plan = planSearch(tokenize('квадрокоптер'), facts({ квадрокоптер: [['квадрокоптер'], null] }), vocabulary);
    expect(plan.match.text).toEqual(['квадрокоптер']);
  });
});
