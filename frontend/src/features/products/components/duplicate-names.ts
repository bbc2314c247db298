/** A product name as the server compares names: any letter case, any run of spaces (docs/catalogue.md). */
export const normaliseName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

export interface StoredName {
  productId: number;
  productName: string;
}

export interface RowName {
  productName: string;
  /** Set on bulk edit: the row's own stored name is not a duplicate of itself. */
  productId?: number;
}

/** Whether a stored product other than the row's own has the row's name. */
export function takenByStored(row: RowName, stored: readonly StoredName[] | undefined): boolean {
  const name = normaliseName(row.productName);
  if (!name || !stored) return false;
  return stored.some((p) => p.productId !== row.productId && normaliseName(p.productName) === name);
}

/** Whether another row of the form has the same name (what the user types into a row, checked as they type). */
export function takenByOtherRow(index: number, rows: readonly RowName[]): boolean {
  const name = normaliseName(rows[index]?.productName ?? '');
  return !!name && rows.some((other, i) => i !== index && normaliseName(other.productName) === name);
}

/**
 * The rows a save must refuse with 'Product Already Exists': a name a stored product has, or one an earlier row
 * already uses (the first row keeps it), as the server decides. `storedByName` holds the suggestions per
 * normalised name (the stored names starting with it).
 */
export function duplicateRows(rows: readonly RowName[], storedByName: ReadonlyMap<string, readonly StoredName[]>): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  rows.forEach((row, index) => {
    const name = normaliseName(row.productName);
    if (!name) return;
    if (seen.has(name) || takenByStored(row, storedByName.get(name))) duplicates.push(index);
    seen.add(name);
  });
  return duplicates;
}
