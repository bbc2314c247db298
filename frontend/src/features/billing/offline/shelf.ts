/**
 * The till's stock lines held in memory for its lookups offline. Reading a shop's whole copy out of IndexedDB
 * costs tens of milliseconds for a few thousand lines, and a cashier typing an artcode asks once per pause and
 * once more on Enter; so the lines are read once, sorted and lower-cased once, and read again only when the copy
 * changed. Every write of the copy (a refresh, an offline bill in any tab, signing out) raises a version number
 * kept beside it in the same transaction, so one small read tells whether the lines in memory are still the copy.
 */
import type { InventorySuggestion } from '../../../../../shared/schemas/inventory.js';
import { wordRank } from '../../../../../shared/words.js';
import type { LineTax } from './provisional-receipt.js';

/** How many suggestions a lookup answers, as the server's list. */
export const SUGGESTIONS_SHOWN = 20;

const normal = (text: string) => text.trim().toLowerCase();

interface ShelfLine {
  line: InventorySuggestion;
  /** The product name, artcode and barcode, lower-cased and trimmed: what a typed text is compared with. */
  codes: [string, string, string];
}

/** A shop's lines, in the order suggestions are listed (by product name). */
export interface Shelf {
  lines: ShelfLine[];
  /** Each product's HSN code, unit and kind of supply, as the copy holds them: what an offline bill's receipt needs. */
  taxes: Map<number, LineTax>;
}

/** A line of the copy: a suggestion, with its product's GST details. */
export type CopiedLine = InventorySuggestion & { tax?: LineTax };

export function shelfOf(lines: CopiedLine[]): Shelf {
  const taxes = new Map<number, LineTax>();
  const plain = lines.map(({ tax, ...line }) => {
    if (tax) taxes.set(line.productId, tax);
    return line;
  });
  const sorted = plain.sort((a, b) => a.productName.localeCompare(b.productName));
  return { lines: sorted.map((line) => ({ line, codes: [normal(line.productName), normal(line.artcode), normal(line.barcode)] })), taxes };
}

/**
 * Lines with a word of the name starting with the text, or whose artcode or barcode starts with it, at most 20: what
 * the server answers online (a code that is the text first, then whole words, then a word's start, by name).
 */
export function suggestionsOn(shelf: Shelf, text: string): InventorySuggestion[] {
  const typed = normal(text);
  const rank = ({ line, codes }: Shelf['lines'][number]) =>
    codes[1] === typed || (codes[2] !== '' && codes[2] === typed) ? -1 : (wordRank(line.productName, text) ?? (codes[1].startsWith(typed) || codes[2].startsWith(typed) ? 2 : undefined));
  return shelf.lines
    .flatMap((entry) => {
      const r = rank(entry);
      return r === undefined ? [] : [{ r, entry }];
    })
    .sort((a, b) => a.r - b.r)
    .slice(0, SUGGESTIONS_SHOWN)
    .map(({ entry }) => ({ ...entry.line }));
}

export interface ShelfSource {
  /** The copy's version now (one small read). */
  version(): Promise<number>;
  /** Every line of the shop's copy (the large read). */
  lines(tenantId: string): Promise<CopiedLine[]>;
}

/**
 * The shelf of a shop, read from `source` when the copy's version differs from the one in memory. The version is
 * read before the lines, so a write between the two reads makes the next lookup read again, never keep old lines.
 */
export function keptShelf(source: ShelfSource): (tenantId: string) => Promise<Shelf> {
  let kept: { tenantId: string; version: number; shelf: Shelf } | undefined;
  return async (tenantId) => {
    const version = await source.version();
    if (kept && kept.tenantId === tenantId && kept.version === version) return kept.shelf;
    const shelf = shelfOf(await source.lines(tenantId));
    kept = { tenantId, version, shelf };
    return shelf;
  };
}
