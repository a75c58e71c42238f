import type { ConclusionListRow } from 'shared-kernel/contracts';


/** The list, where the screens return to after a save. */
export const CONCLUSION_LIST = '/m-con/list';

/**
 * Where a conclusion is edited: the paper form (lc) for paper rows, the regular one (rc)
 * otherwise; in Germany always the regular form (spec 000 §2).
 */
export function conclusionEditPath(row: Pick<ConclusionListRow, 'ccid' | 'po'>, country: 'at' | 'de'): string {
  const form = country === 'de' || !row.po ? 'rc' : 'lc';
  return `/m-con/${form}/edit/${row.ccid}`;
}
