import { describe, expect, it } from 'vitest';
import { splitFullName } from './names';

describe('splitFullName (spec §5)', () => {
  it.each([
    ['Анна', { name: 'Анна', lastName: '', secondName: '' }],
    ['  Иванова   Анна ', { name: 'Анна', lastName: 'Иванова', secondName: '' }],
    ['Иванова Анна Сергеевна', { name: 'Анна', lastName: 'Иванова', secondName: 'Сергеевна' }],
    ['Салтыков-Щедрин Михаил Евграфович', { name: 'Михаил', lastName: 'Салтыков-Щедрин', secondName: 'Евграфович' }],
    ['   ', { name: '', lastName: '', secondName: '' }],
  ])('%j', (full, parts) => {
    expect(splitFullName(full)).toEqual(parts);
  });
});
