import type { FilterEntry, SortEntry } from 'shared-kernel/contracts';

/** The part of a list's state kept in the URL query. */
export interface ListUrlState {
  page: number;
  pageSize: number;
  sorted: SortEntry[];
  filtered: FilterEntry[];
}

/**
 * Query parameter names of a list; `prefix` separates two lists on one screen.
 * page is 1-based in the URL (people read it), 0-based on the wire.
 */
function keys(prefix: string) {
  return {
    page: `${prefix}page`,
    pageSize: `${prefix}size`,
    sort: `${prefix}sort`,
    filter: `${prefix}f.`,
    jsonFilter: `${prefix}fj.`,
  };
}

function isEmptyFilterValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Drops filters without a value and orders them by id, so equal filters compare equal. */
export function normaliseFilters(filtered: FilterEntry[]): FilterEntry[] {
  return filtered
    .filter((entry) => !isEmptyFilterValue(entry.value))
    .map((entry) => ({ id: entry.id, value: typeof entry.value === 'string' ? entry.value.trim() : entry.value }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Reads a list's state from the URL query; anything missing or malformed falls back to the
 * defaults (a hand-edited URL never breaks the screen).
 */
export function readListUrlState(
  params: URLSearchParams,
  defaults: ListUrlState,
  allowedPageSizes: readonly number[],
  prefix = '',
): ListUrlState {
  const k = keys(prefix);
  const pageText = params.get(k.page);
  const pageNumber = pageText !== null && /^\d{1,7}$/.test(pageText) ? Number(pageText) : NaN;
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber - 1 : defaults.page;

  const sizeNumber = Number(params.get(k.pageSize));
  const pageSize = allowedPageSizes.includes(sizeNumber) ? sizeNumber : defaults.pageSize;

  const sortText = params.get(k.sort);
  let sorted = defaults.sorted;
  if (sortText !== null) {
    sorted = sortText
      .split(',')
      .map((part) => part.trim())
      .filter((part) => /^-?[A-Za-z0-9_.]{1,40}$/.test(part))
      .slice(0, 5)
      .map((part) => (part.startsWith('-') ? { id: part.slice(1), desc: true } : { id: part, desc: false }));
  }

  let filtered: FilterEntry[] = [];
  let anyFilterInUrl = false;
  params.forEach((value, key) => {
    if (key.startsWith(k.jsonFilter)) {
      anyFilterInUrl = true;
      try {
        filtered.push({ id: key.slice(k.jsonFilter.length), value: JSON.parse(value) as unknown });
      } catch {
        // A broken hand-edited value is ignored rather than sent.
      }
    } else if (key.startsWith(k.filter)) {
      anyFilterInUrl = true;
      filtered.push({ id: key.slice(k.filter.length), value });
    }
  });
  if (!anyFilterInUrl && params.get(`${prefix}nf`) === null) filtered = defaults.filtered;
  filtered = normaliseFilters(filtered);

  return { page, pageSize, sorted, filtered };
}

/**
 * Writes a list's state into a copy of the URL query: defaults are left out to keep URLs
 * short; other lists' and other screens' parameters stay untouched.
 */
export function writeListUrlState(
  params: URLSearchParams,
  state: ListUrlState,
  defaults: ListUrlState,
  prefix = '',
): URLSearchParams {
  const k = keys(prefix);
  const next = new URLSearchParams(params);
  for (const key of Array.from(next.keys())) {
    if (key.startsWith(k.filter) || key.startsWith(k.jsonFilter)) next.delete(key);
  }
  next.delete(k.page);
  next.delete(k.pageSize);
  next.delete(k.sort);
  next.delete(`${prefix}nf`);

  if (state.page > 0) next.set(k.page, String(state.page + 1));
  if (state.pageSize !== defaults.pageSize) next.set(k.pageSize, String(state.pageSize));
  if (JSON.stringify(state.sorted) !== JSON.stringify(defaults.sorted)) {
    next.set(k.sort, state.sorted.map((entry) => (entry.desc ? `-${entry.id}` : entry.id)).join(','));
  }
  const filtered = normaliseFilters(state.filtered);
  for (const entry of filtered) {
    if (typeof entry.value === 'string') next.set(`${k.filter}${entry.id}`, entry.value);
    else next.set(`${k.jsonFilter}${entry.id}`, JSON.stringify(entry.value));
  }
  // The user cleared filters that have defaults: remember "none" explicitly.
  if (filtered.length === 0 && normaliseFilters(defaults.filtered).length > 0) next.set(`${prefix}nf`, '1');
  return next;
}
