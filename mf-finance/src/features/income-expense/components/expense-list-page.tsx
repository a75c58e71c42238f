import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from 'shared-kernel';
import type { ExpenseListRow } from 'shared-kernel/contracts';
import type { ServerColumn } from 'shared-kernel/table';
import { NS } from '../../../i18n.js';
import { EXPENSE_EXPORT_URL, deleteExpense, getExpensePage } from '../api/expense.js';
import { useCategoryOptions } from '../hooks/use-category-options.js';
import { useSchoolOptions } from '../hooks/use-school-options.js';
import { ItemListPage } from './item-list-page.js';

/** /m-fin/expense: the expenses of the filtered schools (spec 002 §2.5). */
export function ExpenseListPage() {
  const { t } = useTranslation(NS);
  const categories = useCategoryOptions('expense_cat');
  const schools = useSchoolOptions();

  const columns = useMemo<ServerColumn<ExpenseListRow>[]>(
    () => [
      { field: 'pd', header: t('item.payment_date'), format: (value) => formatDate(value as string), minWidth: 120, filter: { type: 'date-range' } },
      { field: 'amt', header: t('item.amount'), align: 'end', format: (value, row) => formatMoney(value as number, row.cur), minWidth: 110 },
      {
        field: 'ec',
        header: t('item.category'),
        format: (value) => categories.labelOf(value as number),
        filter: { type: 'select', options: categories.options },
      },
      { field: 'n', header: t('item.name'), filter: { type: 'text' }, flex: 2 },
      { field: 'an', header: t('item.annotation'), filter: { type: 'text' }, flex: 2 },
      { field: 'dc', header: t('item.registration_date'), format: (value) => formatDate(value as string), minWidth: 120 },
      {
        field: 'sn',
        header: t('item.school'),
        sortId: 'sid',
        filterId: 'sid',
        filter: schools.length > 1 ? { type: 'select', options: schools } : undefined,
      },
    ],
    [t, categories, schools],
  );

  return (
    <ItemListPage<ExpenseListRow>
      kind="expense"
      fetchPage={getExpensePage}
      columns={columns}
      exportUrl={EXPENSE_EXPORT_URL}
      ready={categories.settled}
      remove={deleteExpense}
    />
  );
}
