import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoney } from 'shared-kernel';
import { CUSTOM_PAYMENT_CATEGORY, PAYMENT_METHODS, type IncomeListRow } from 'shared-kernel/contracts';
import type { ServerColumn } from 'shared-kernel/table';
import { NS } from '../../../i18n.js';
import { INCOME_EXPORT_URL, deleteIncome, getIncomePage } from '../api/income.js';
import { useAccountOptions } from '../hooks/use-account-options.js';
import { useCategoryOptions } from '../hooks/use-category-options.js';
import { useSchoolOptions } from '../hooks/use-school-options.js';
import { ItemListPage } from './item-list-page.js';

/** An income created by a student's payment belongs to the student: no edit, copy or delete. */
const isFromStudent = (row: IncomeListRow) => row.stid !== null;

/** /m-fin/income: the income of the filtered schools (spec 002 §2.4). */
export function IncomeListPage() {
  const { t } = useTranslation(NS);
  const categories = useCategoryOptions('payment_cat');
  const { accounts } = useAccountOptions();
  const schools = useSchoolOptions();

  const columns = useMemo<ServerColumn<IncomeListRow>[]>(
    () => [
      { field: 'pd', header: t('item.payment_date'), format: (value) => formatDate(value as string), minWidth: 120, filter: { type: 'date-range' } },
      { field: 'amt', header: t('item.amount'), align: 'end', format: (value, row) => formatMoney(value as number, row.cur), minWidth: 110 },
      {
        field: 'pm',
        header: t('item.method'),
        format: (value) => t(`payment_method.${String(value)}`),
        filter: { type: 'select', options: PAYMENT_METHODS.map((id) => ({ value: id, label: t(`payment_method.${id}`) })) },
      },
      {
        field: 'acn',
        header: t('item.account'),
        filterId: 'aid',
        format: (value) => (typeof value === 'string' && value !== '' ? value : '-'),
        filter: { type: 'select', options: accounts.map((account) => ({ value: account.id, label: account.name })) },
      },
      {
        field: 'pc',
        header: t('item.category'),
        format: (value, row) =>
          row.pc === CUSTOM_PAYMENT_CATEGORY && row.cc?.trim() ? row.cc : categories.labelOf(value as number),
        filter: { type: 'select', options: categories.options },
      },
      { field: 'an', header: t('item.annotation'), filter: { type: 'text' }, flex: 2 },
      {
        field: 'stid',
        header: t('item.student'),
        sortId: 'sl',
        render: (row) =>
          row.stid === null ? (
            '-'
          ) : (
            <Link to={`/m-student/details/${row.stid}`}>
              {[row.sf, row.sl].filter(Boolean).join(' ') || t('item.student_no', { id: row.stid })}
            </Link>
          ),
      },
      { field: 'dc', header: t('item.registration_date'), format: (value) => formatDate(value as string), minWidth: 120 },
      {
        field: 'sn',
        header: t('item.school'),
        sortId: 'sid',
        filterId: 'sid',
        filter: schools.length > 1 ? { type: 'select', options: schools } : undefined,
      },
    ],
    [t, accounts, categories, schools],
  );

  return (
    <ItemListPage<IncomeListRow>
      kind="income"
      fetchPage={getIncomePage}
      columns={columns}
      exportUrl={INCOME_EXPORT_URL}
      ready={categories.settled}
      remove={deleteIncome}
      isLocked={isFromStudent}
    />
  );
}
