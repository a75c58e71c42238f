/**
 * Text taken from a request, made storable in a PostgreSQL `text` or `jsonb` column: the
 * database refuses NUL (U+0000) in text and jsonb, and lone UTF-16 surrogates (which JSON
 * may carry as `\ud800`) in jsonb; both become U+FFFD. At most `maxLength` UTF-16 units, never
 * cutting a surrogate pair in two. Used for audit rows (issue 10 item 9) and for looking up
 * what a user typed where no stored value can contain such characters anyway.
 */
export function storableText(value: string, maxLength: number): string {
  // eslint-disable-next-line no-control-regex -- NUL is exactly what has to go
  let text = value.replace(/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  if (text.length > maxLength) {
    text = text.slice(0, maxLength);
    if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
  }
  return text;
}

/** Longest string kept in a sanitised JSON value (storableJson). */
const JSON_STRING_MAX = 1000;
/** Deepest nesting kept in a sanitised JSON value; deeper values become null. */
const JSON_DEPTH_MAX = 8;

/**
 * A JSON-compatible value with every string (and key) made storable by storableText, so it
 * can be written to a `jsonb` column whatever the request carried.
 */
export function storableJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storableText(value, JSON_STRING_MAX);
  if (value === null || typeof value !== 'object') return value;
  const toJSON = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof toJSON === 'function') return storableJson(toJSON.call(value), depth);
  if (depth >= JSON_DEPTH_MAX) return null;
  if (Array.isArray(value)) return value.map((item) => storableJson(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[storableText(key, 200)] = storableJson(item, depth + 1);
  return out;
}
