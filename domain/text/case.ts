/** The text with its first letter capital, as a sentence or a list item starts. */
export const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase('ru') + text.slice(1);

/** The text with its first letter small, as it stands mid-sentence. */
export const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase('ru') + text.slice(1);
