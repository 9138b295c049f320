/**
 * Rules for free text the service stores.
 *
 * @module
 */

/**
 * True when `value` holds no U+0000 and is well-formed Unicode: PostgreSQL text (and many other
 * stores) cannot hold NUL, and jsonb refuses an unpaired surrogate that text would mangle.
 */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && isWellFormedText(value);
}

/** True when every UTF-16 surrogate in `value` is paired (what String.prototype.isWellFormed tells). */
export function isWellFormedText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return false;
    }
  }
  return true;
}
