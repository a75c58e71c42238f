import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, PageHeader, showErrorDialog, toErrorCode, useCan, useConfirm } from 'shared-kernel';
import { ERROR, formatIban, type AccountRow } from 'shared-kernel/contracts';
import { ServerTable, useServerListController, type ServerColumn } from 'shared-kernel/table';
import { deleteAccount, getAccountList } from '../api/accounts.js';
import { NS } from '../i18n.js';
import links from '../../settings-links.module.css';
import styles from './accounts.module.css';

/**
 * /m-conf/account (spec 001 §2, §3): the bank accounts of the filtered schools, paged on the
 * server (school, then the main account first); edit with s_account_w, delete with s_account_d
 * after 'really_delete' (an account in use stays: error 56), a "new" link with s_account_w.
 */
export function AccountListPage() {
  const { t } = useTranslation(NS);
  const canWrite = useCan('s_account_w');
  const canDelete = useCan('s_account_d');
  const confirm = useConfirm();
  const list = useServerListController<AccountRow>({ fetchPage: getAccountList, initialSort: [] });
  const { reload } = list;

  const remove = useCallback(
    async (row: AccountRow) => {
      if (!(await confirm({ message: 'really_delete', danger: true, confirmLabel: 'ui.delete' }))) return;
      try {
        await deleteAccount(row.id);
      } catch (error) {
        const code = await toErrorCode(error);
        await showErrorDialog({ code: code === ERROR.accountInUse ? code : ERROR.generic, title: 'errors.error' });
        return;
      }
      reload();
    },
    [confirm, reload],
  );

  const columns = useMemo<ServerColumn<AccountRow>[]>(
    () => [
      { field: 'sn', header: t('accounts.school'), flex: 1 },
      { field: 'name', header: t('accounts.name'), filter: { type: 'text' }, flex: 1 },
      { field: 'sepa_name', header: t('accounts.creditor'), sortable: false, flex: 1 },
      { field: 'sepa_iban', header: t('accounts.iban'), sortable: false, minWidth: 230, format: (value) => formatIban(value as string) },
      { field: 'sepa_bic', header: t('accounts.bic'), sortable: false, width: 130 },
      { field: 'sepa_bank', header: t('accounts.bank'), sortable: false, flex: 1 },
      { field: 'is_main', header: t('accounts.main'), width: 130, format: (value) => (value ? t('accounts.main_yes') : '') },
      {
        field: 'actions',
        header: t('accounts.actions'),
        sortable: false,
        minWidth: 200,
        render: (row) => (
          <span className={styles.actions}>
            {canWrite && (
              <Link to={`/m-conf/account/edit/${row.id}`} className={links.smallLink} aria-label={t('accounts.edit_item', { name: row.name, school: row.sn })}>
                {t('accounts.edit')}
              </Link>
            )}
            {/* An account in use is kept by the server (56): no delete to offer. */}
            {canDelete && !row.in_use && (
              <Button size="small" variant="danger" aria-label={t('accounts.delete_item', { name: row.name, school: row.sn })} onClick={() => void remove(row)}>
                {t('accounts.delete')}
              </Button>
            )}
          </span>
        ),
      },
    ],
    [t, canWrite, canDelete, remove],
  );

  return (
    <>
      <PageHeader
        title={t('accounts.title')}
        actions={
          canWrite ? (
            <Link to="/m-conf/account/create" className={links.linkButton}>
              {t('accounts.add')}
            </Link>
          ) : undefined
        }
      />
      <ServerTable controller={list} columns={columns} rowId={(row) => row.id} label={t('accounts.title')} />
    </>
  );
}
