import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, PageHeader, PlainTable, RequestStateView, errorBodyCode, formatMoney, showErrorDialog, toast, useCan, useConfirm, useRequest } from 'shared-kernel';
import { ERROR, errorKey, type ContractTemplateRow } from 'shared-kernel/contracts';
import { deleteContractTemplate, getContractTemplates } from '../api/contract-templates.js';
import { NS } from '../i18n.js';
import links from '../../settings-links.module.css';
import styles from './contract-templates.module.css';

/**
 * /m-conf/contract (spec 001 §2, §3): the school contract templates of the user's schools
 * with their terms, amounts and how many student contracts use them; edit, copy (template)
 * and delete. The server refuses deleting a template in use (400 {error: 58}); the page says
 * so. Writing needs s_contract_w, deleting s_contract_d.
 */
export function ContractTemplateListPage() {
  const { t } = useTranslation(NS);
  const { state, data, reload } = useRequest((signal) => getContractTemplates(signal), []);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = useConfirm();
  const canWrite = useCan('s_contract_w');
  const canDelete = useCan('s_contract_d');

  const remove = async (template: ContractTemplateRow) => {
    setRefusal(null);
    const name = template.name;
    if (!(await confirm({ message: `${NS}:contract_templates.delete_confirm`, values: { name }, danger: true, confirmLabel: 'ui.delete' }))) return;
    try {
      await deleteContractTemplate(template.id);
      toast.success(`${NS}:contract_templates.deleted`);
    } catch (error) {
      const code = await errorBodyCode(error);
      if (code === ERROR.contractTemplateInUse) setRefusal(t(`common:${errorKey(code)}`));
      else await showErrorDialog({ code: 3, title: 'errors.error' });
    }
    reload();
  };

  const body = (
    <RequestStateView state={state} data={data} onRetry={reload} emptyText={t('contract_templates.empty')}>
      {(rows) => (
        <PlainTable aria-label={t('contract_templates.list_label')}>
          <thead>
            <tr>
              <th scope="col">{t('contract_templates.name')}</th>
              <th scope="col">{t('contract_templates.school')}</th>
              <th scope="col">{t('contract_templates.pay_interval')}</th>
              <th scope="col" className={styles.amount}>
                {t('contract_templates.amount_gross')}
              </th>
              <th scope="col" className={styles.amount}>
                {t('contract_templates.activation_gross')}
              </th>
              <th scope="col">{t('contract_templates.terms')}</th>
              <th scope="col">{t('contract_templates.use_count')}</th>
              <th scope="col">{t('contract_templates.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((template) => (
              <tr key={template.id}>
                <th scope="row">{template.name}</th>
                <td>{template.school}</td>
                <td>{t(`contract_templates.interval.${template.pay_interval}`)}</td>
                <td className={styles.amount}>{formatMoney(template.amount_gross, template.currency)}</td>
                <td className={styles.amount}>{formatMoney(template.activation_gross, template.currency)}</td>
                <td>{t('contract_templates.terms_value', { start: template.c_interval_start, follow: template.c_interval_follow })}</td>
                <td>{template.uc}</td>
                <td>
                  <div className={styles.actions}>
                    <Link
                      className={links.smallLink}
                      to={`/m-conf/contract/edit/${template.id}`}
                      aria-label={t('contract_templates.edit', { name: template.name })}
                    >
                      {t('contract_templates.edit_button')}
                    </Link>
                    {canWrite && (
                      <Link
                        className={links.smallLink}
                        to={`/m-conf/contract/template/${template.id}`}
                        aria-label={t('contract_templates.copy', { name: template.name })}
                      >
                        {t('contract_templates.copy_button')}
                      </Link>
                    )}
                    {canDelete && template.uc === 0 && (
                      <Button
                        size="small"
                        variant="danger"
                        onClick={() => void remove(template)}
                        aria-label={t('contract_templates.delete', { name: template.name })}
                      >
                        {t('common:ui.delete')}
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      )}
    </RequestStateView>
  );

  return (
    <>
      <PageHeader
        title={t('contract_templates.title')}
        actions={
          canWrite ? (
            <Link className={links.linkButton} to="/m-conf/contract/create">
              {t('contract_templates.add')}
            </Link>
          ) : undefined
        }
      />
      {refusal && (
        <p role="alert" className={styles.notice}>
          {refusal}
        </p>
      )}
      {body}
    </>
  );
}
