import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, type AccountOption } from 'shared-kernel/contracts';
import { SelectField } from 'shared-kernel/forms';
import { NS } from '../i18n.js';

/**
 * How a payment came in (method) and on which of the school's bank accounts: the two fields
 * every payment dialog shares (payment form, pay receipt, set paid). `noAccountHint` explains
 * an empty account list where the dialog wants to.
 */
export function PaymentMethodFields({ accounts, noAccountHint }: { accounts: readonly AccountOption[]; noAccountHint?: string }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <SelectField name="pm" label={t('money.method')} required options={PAYMENT_METHODS.map((id) => ({ value: id, label: t(`payment_method.${id}`) }))} />
      <SelectField
        name="aid"
        label={t('money.account')}
        placeholder={t('money.none')}
        hint={accounts.length === 0 ? noAccountHint : undefined}
        options={accounts.map((account) => ({ value: account.id, label: account.name }))}
      />
    </>
  );
}
