import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequest, useSchoolFilter } from 'shared-kernel';
import { EXPENSE_CATEGORIES, PAYMENT_CATEGORIES } from 'shared-kernel/contracts';
import { NS } from '../../../i18n.js';
import { getCategories, type CategoryKey } from '../api/lookups.js';

/** A category as pickers and filters show it. */
export interface CategoryOption {
  value: number;
  label: string;
}

export interface CategoryOptions {
  options: CategoryOption[];
  /** The shown name of a category id. */
  labelOf: (id: number) => string;
  /** The school's names arrived (or could not be loaded: the standard names stay). */
  settled: boolean;
}

const STANDARD_IDS: Record<CategoryKey, readonly number[]> = {
  payment_cat: PAYMENT_CATEGORIES,
  expense_cat: EXPENSE_CATEGORIES,
};

/**
 * The categories of income (payment_cat) or expense (expense_cat): the school's own names
 * from the configuration, else the standard names of this namespace. While the list loads or
 * when it fails, the standard categories stand in (they are the ones the server accepts).
 */
export function useCategoryOptions(key: CategoryKey): CategoryOptions {
  const { t } = useTranslation(NS);
  const { key: schoolKey } = useSchoolFilter();
  const { state, data } = useRequest((signal) => getCategories(key, signal), [key, schoolKey]);

  const names = useMemo(() => {
    const map = new Map<number, string | null>();
    const items = data?.items.length ? data.items : STANDARD_IDS[key].map((id) => ({ id, name: null }));
    for (const item of items) map.set(item.id, item.name?.trim() ? item.name : null);
    return map;
  }, [data, key]);

  const labelOf = useCallback((id: number) => names.get(id) ?? t(`${key}.${id}`), [names, t, key]);
  return useMemo(
    () => ({
      options: Array.from(names.keys()).map((id) => ({ value: id, label: labelOf(id) })),
      labelOf,
      settled: state !== -1 || data !== undefined,
    }),
    [names, labelOf, state, data],
  );
}
