import { expenseFormSchema, type ExpenseForm, type ExpenseItem } from 'shared-kernel/contracts';
import { createExpense, getExpense, updateExpense } from '../api/expense.js';
import { useCategoryOptions } from '../hooks/use-category-options.js';
import { emptyExpenseValues, expenseBody, expenseValuesFromItem, type ExpenseFormValues } from '../utils/expense-form-values.js';
import { ExpenseFormFields } from './expense-form-fields.js';
import { ItemFormPage } from './item-form-page.js';

/** /m-fin/expense/{mode}/{id?}: create, edit or copy an expense. */
export function ExpenseFormPage() {
  const categories = useCategoryOptions('expense_cat');
  return (
    <ItemFormPage<ExpenseItem, ExpenseFormValues, ExpenseForm>
      kind="expense"
      loadItem={getExpense}
      createItem={createExpense}
      updateItem={updateExpense}
      schema={expenseFormSchema}
      emptyValues={emptyExpenseValues}
      valuesFromItem={expenseValuesFromItem}
      toBody={expenseBody}
    >
      <ExpenseFormFields categories={categories.options} />
    </ItemFormPage>
  );
}
