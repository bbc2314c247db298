/**
 * Text a person could not see or type on purpose: control characters (but tab and line breaks), unpaired
 * surrogates (not text at all), bidirectional overrides that make a name read differently from what it holds, and
 * text made only of invisible characters (a lone zero-width space passes "required" and shows as nothing). Joiners
 * inside words stay allowed: Indian scripts need ZWJ and ZWNJ.
 */
// Control characters are exactly what this pattern is for.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const INVISIBLE_OR_SPACE = /^[\s\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]*$/u;

export const UNSAFE_TEXT = 'Please remove hidden or control characters from the text.';

/** Why a text must be refused, or undefined when it is plain text. */
export function unsafeTextReason(text: string): string | undefined {
  if (CONTROL.test(text)) return 'control character';
  if (UNPAIRED_SURROGATE.test(text)) return 'broken character';
  if (BIDI_CONTROL.test(text)) return 'direction override';
  // Something that is not a space, yet nothing visible: whitespace alone is left to the field's own rule.
  if (/\S/.test(text) && INVISIBLE_OR_SPACE.test(text)) return 'only invisible characters';
  return undefined;
}

/** The path of the first unsafe text in a parsed request (objects and arrays walked; files and numbers skipped). */
export function findUnsafeText(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; reason: string } | undefined {
  if (typeof value === 'string') {
    const reason = unsafeTextReason(value);
    return reason ? { path, reason } : undefined;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnsafeText(item, [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      const found = findUnsafeText(key, [...path, key]) ?? findUnsafeText(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
