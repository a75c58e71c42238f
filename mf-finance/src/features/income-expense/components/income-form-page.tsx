import { incomeFormSchema, type IncomeForm, type IncomeItem } from 'shared-kernel/contracts';
import { createIncome, getIncome, updateIncome } from '../api/income.js';
import { useAccountOptions } from '../hooks/use-account-options.js';
import { useCategoryOptions } from '../hooks/use-category-options.js';
import { emptyIncomeValues, incomeBody, incomeValuesFromItem, type IncomeFormValues } from '../utils/income-form-values.js';
import { IncomeFormFields } from './income-form-fields.js';
import { ItemFormPage } from './item-form-page.js';

/** An income from a student's payment is changed in the student's payments, not here. */
const lockedReason = (item: IncomeItem) => (item.student_id !== null ? 'income.from_student' : null);

/** /m-fin/income/{mode}/{id?}: create, edit or copy an income. */
export function IncomeFormPage() {
  const categories = useCategoryOptions('payment_cat');
  const accounts = useAccountOptions();
  return (
    <ItemFormPage<IncomeItem, IncomeFormValues, IncomeForm>
      kind="income"
      loadItem={getIncome}
      createItem={createIncome}
      updateItem={updateIncome}
      schema={incomeFormSchema}
      emptyValues={emptyIncomeValues}
      valuesFromItem={incomeValuesFromItem}
      toBody={incomeBody}
      lockedReason={lockedReason}
      lookups={accounts}
    >
      <IncomeFormFields categories={categories.options} accounts={accounts.accounts} />
    </ItemFormPage>
  );
}
