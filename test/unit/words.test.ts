import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchingTails, nameTails, nameWords, rankByWords, wordRank, wordSearchText } from '../../shared/words.js';

/**
 * The word search's tokenizer and ranking (shared/words.ts): what the word index stores for a name, and the order
 * in which its one key-condition read answers, checked against a plain in-memory reading of "any word starts with".
 */

describe('the words of a name', () => {
  it('are its letters and digits in lower case, in order, whatever the punctuation and spacing', () => {
    expect(nameWords('India Gate  Basmati-Rice (5kg)')).toEqual(['india', 'gate', 'basmati', 'rice', '5kg']);
    expect(nameWords('Edible Oils')).toEqual(['edible', 'oils']);
    expect(nameWords('  ,,, ')).toEqual([]);
    expect(nameWords('हल्दी पाउडर')).toHaveLength(2);
  });

  it('give one tail per word, each the name from that word on, each once', () => {
    expect(nameTails('India Gate Basmati Rice')).toEqual(['india gate basmati rice', 'gate basmati rice', 'basmati rice', 'rice']);
    expect(nameTails('Rice Rice')).toEqual(['rice rice', 'rice']);
  });
});

describe('ranking for a search text', () => {
  it('finds a word in the middle, the start of a later word, and a phrase from any word; not the middle of a word', () => {
    const name = 'India Gate Basmati Rice';
    expect(wordRank(name, 'Basmati')).toBe(0);
    expect(wordRank(name, 'basm')).toBe(1);
    expect(wordRank(name, 'gate basmati ri')).toBe(1);
    expect(wordRank(name, 'asmati')).toBeUndefined();
    expect(wordRank(name, '')).toBeUndefined();
    expect(wordRank('Edible Oils', 'oil')).toBe(1);
  });

  it('puts whole words before prefixes', () => {
    const names = ['Basmatix Flour', 'India Gate Basmati Rice', 'Basmati', 'Brown Rice'];
    expect(rankByWords(names, 'basmati', (n) => n)).toEqual(['India Gate Basmati Rice', 'Basmati', 'Basmatix Flour']);
  });

  const word = fc.stringMatching(/^[a-z0-9]{1,6}$/);
  const name = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(' '));

  it('matches exactly the names with a word that the text starts (any word, any case, any spacing)', () => {
    fc.assert(
      fc.property(name, word, fc.boolean(), (n, text, upper) => {
        const typed = upper ? ` ${text.toUpperCase()} ` : text;
        const expected = n.split(' ').some((w) => w.startsWith(text));
        expect(wordRank(n, typed) !== undefined).toBe(expected);
        // Rank 0 exactly when the text is one of the words.
        if (expected) expect(wordRank(n, typed) === 0).toBe(n.split(' ').includes(text));
      }),
    );
  });

  it('orders as the index does: by the first matching tail as a sort key (space and # before letters and digits)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(name, { maxLength: 12 }), word, (names, text) => {
        const key = (n: string) => `${matchingTails(n, text)[0]}#`;
        const byIndex = names.filter((n) => matchingTails(n, text).length).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
        const ranked = rankByWords(names, text, (n) => n);
        expect(ranked.map(key)).toEqual(byIndex.map(key));
        // Whole words never follow prefixes.
        const ranks = ranked.map((n) => wordRank(n, text)!);
        expect([...ranks].sort()).toEqual(ranks);
      }),
    );
  });

  it("reads a text ending in punctuation, as a code is typed, as its whole words with a word after them: 't-' finds T-Shirt, not Tata Salt", () => {
    expect(wordSearchText('t-')).toBe('t ');
    expect(wordSearchText('T-  ')).toBe('t ');
    expect(wordSearchText('t ')).toBe('t');
    expect(wordSearchText('-')).toBe('');
    const names = ['Tata Salt', 'Cotton T-Shirt', 'T-Shirt Large', 'Lux T'];
    expect(rankByWords(names, 't-', (n) => n)).toEqual(['T-Shirt Large', 'Cotton T-Shirt']);
    expect(wordRank('Cotton T-Shirt', 't-')).toBe(0);
    expect(wordRank('Lux T', 't-')).toBeUndefined();
    expect(rankByWords(names, 't', (n) => n)).toEqual(['T-Shirt Large', 'Cotton T-Shirt', 'Lux T', 'Tata Salt']);
  });

  it('spells the search text as the index does', () => {
    fc.assert(
      fc.property(name, (n) => {
        expect(wordSearchText(` ${n.toUpperCase()}  `)).toBe(n);
      }),
    );
  });
});
