/** The two kinds of finance items these screens handle; also their i18n key and route segment. */
export type ItemKind = 'income' | 'expense';

/** Path of a kind's list screen. */
export function listPath(kind: ItemKind): string {
  return `/m-fin/${kind}`;
}

/** Modes of the form route /m-fin/{kind}/{mode}/{id?} (spec 002 §2.1: template = copy). */
export const FORM_MODES = ['create', 'edit', 'template'] as const;
export type FormMode = (typeof FORM_MODES)[number];

export function isFormMode(value: string | undefined): value is FormMode {
  return (FORM_MODES as readonly string[]).includes(value ?? '');
}

/** Path of a kind's form in a mode. */
export function formPath(kind: ItemKind, mode: FormMode, id?: number): string {
  return id === undefined ? `${listPath(kind)}/${mode}` : `${listPath(kind)}/${mode}/${id}`;
}

/** A route's id segment as a positive integer, or null. */
export function parseItemId(text: string | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * Navigation state the list hands to its forms, so saving or cancelling returns to the list
 * with the same page, sort and filters.
 */
export interface ListReturnState {
  listSearch?: string;
}

export function readListSearch(state: unknown): string {
  const search = (state as ListReturnState | null)?.listSearch;
  return typeof search === 'string' && search.startsWith('?') ? search : '';
}
