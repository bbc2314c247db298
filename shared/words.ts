/**
 * Search by any word of a name. A name is read as its words (letters and digits of any script, lower case, in
 * order); a search text matches a name when the text's words start some word of the name and run on from there:
 * "basmati" and "basm" match "India Gate Basmati Rice", so do "gate basmati" and "basmati ri". The server keeps one
 * index item per word of a name, sorted by the name from that word on (its "tail"), so one key-condition read finds
 * the matches in rank order: a whole word first, then a word the text only begins.
 */

/**
 * The one-time data steps of the shop upgrade (functions/tenants/word-upgrade.ts); the deploy's upgrade fingerprint
 * carries them, so a new step upgrades every shop at the next deploy.
 */
export const WORDS_STEP = 'words#1';
/** The words of each category's products, under the category's own key (the storefront's search in a category). */
export const CATEGORY_PRODUCT_WORDS_STEP = 'words#2';
export const DATA_UPGRADE_STEPS = [WORDS_STEP, CATEGORY_PRODUCT_WORDS_STEP] as const;

/** Names and texts longer than this are searched by their first characters (a sort key stays far below 1 KB). */
const MAX_TAIL = 200;

/** The words of a name or a search text: lower case, letters (with their marks, as in Devanagari) and digits only, in order. */
export const nameWords = (text: string): string[] =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);

/**
 * A search text as the word index spells it: its words joined by one space ('' when it has none). A text ending in
 * punctuation after a word, as codes are typed ("t-", "HSN/"), asks for that whole word with a word after it ("t "):
 * "t-" finds T-Shirt, not every word starting with t. Trailing spaces are no part of a search.
 */
export const wordSearchText = (text: string): string => {
  const words = nameWords(text).join(' ');
  const open = words !== '' && /[^\p{L}\p{M}\p{N}\s]$/u.test(text.normalize('NFKC').trimEnd());
  return (open ? `${words} ` : words).slice(0, MAX_TAIL);
};

/**
 * The name from each of its words on, each once: 'india gate basmati rice', 'gate basmati rice', 'basmati rice',
 * 'rice'. The word index holds one item per tail.
 */
export function nameTails(name: string): string[] {
  const words = nameWords(name);
  return [...new Set(words.map((_, i) => words.slice(i).join(' ').slice(0, MAX_TAIL)))];
}

/** How the index orders tails: by code unit, as if each were followed by the item id's separator `#`. */
const tailOrder = (a: string, b: string) => (`${a}#` < `${b}#` ? -1 : `${a}#` > `${b}#` ? 1 : 0);

/** The tails of a name that a search text matches, first in the index's order. */
export const matchingTails = (name: string, text: string): string[] => {
  const wanted = wordSearchText(text);
  return wanted ? nameTails(name).filter((tail) => tail.startsWith(wanted)).sort(tailOrder) : [];
};

/**
 * Where a name stands for a search text: 0 when the text ends on a whole word of the name ("basmati" in "India Gate
 * Basmati Rice"), 1 when it ends inside a word ("basm"), undefined when it matches no word of the name. An empty
 * text matches nothing.
 */
export function wordRank(name: string, text: string): 0 | 1 | undefined {
  const wanted = wordSearchText(text);
  const tails = matchingTails(name, text);
  if (!tails.length) return undefined;
  return wanted.endsWith(' ') || tails.some((tail) => tail.length === wanted.length || tail[wanted.length] === ' ') ? 0 : 1;
}

/**
 * Names ranked for a search text as the index answers them: whole-word matches before prefix matches, then by the
 * name from the matching word on, then by the whole name. Names that match no word are left out.
 */
export function rankByWords<T>(items: T[], text: string, nameOf: (item: T) => string): T[] {
  return items
    .flatMap((item) => {
      const rank = wordRank(nameOf(item), text);
      return rank === undefined ? [] : [{ item, rank, tail: matchingTails(nameOf(item), text)[0]! }];
    })
    .sort((a, b) => a.rank - b.rank || tailOrder(a.tail, b.tail) || nameOf(a.item).localeCompare(nameOf(b.item)))
    .map((r) => r.item);
}
