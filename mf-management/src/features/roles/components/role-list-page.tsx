import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, PageHeader, PlainTable, RequestStateView, errorBodyCode, errorStatus, showErrorDialog, toast, useConfirm, useRequest } from 'shared-kernel';
import { ERROR, errorKey, type RoleRow } from 'shared-kernel/contracts';
import { deleteRole, getRoles } from '../api/roles.js';
import { NS } from '../i18n.js';
import links from '../../settings-links.module.css';
import styles from './roles.module.css';

/**
 * /m-conf/role (spec 001 §2, §6): the roles with their use count; edit, copy (template) and
 * delete. The server refuses deleting a role in use (409) or one held by users outside the
 * caller's schools (403 {error: 13}); the page says which. Read-only roles (`ro`) open for
 * viewing and show why they cannot be changed.
 */
export function RoleListPage() {
  const { t } = useTranslation(NS);
  const { state, data, reload } = useRequest((signal) => getRoles(signal), []);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = useConfirm();

  const remove = async (role: RoleRow) => {
    setRefusal(null);
    const name = role.role_name;
    if (!(await confirm({ message: `${NS}:roles.delete_confirm`, values: { name }, danger: true, confirmLabel: 'ui.delete' }))) return;
    try {
      await deleteRole(role.id);
      toast.success(`${NS}:roles.deleted`);
      reload();
    } catch (error) {
      const code = await errorBodyCode(error);
      if (errorStatus(error) === 409) setRefusal(t('roles.in_use', { name, count: role.uc }));
      else if (code === ERROR.roleUsedOutsideSchools) setRefusal(t(`common:${errorKey(code)}`));
      else await showErrorDialog({ code: 3, title: 'errors.error' });
      reload();
    }
  };

  const body = (
    <RequestStateView state={state} data={data} onRetry={reload} emptyText={t('roles.empty')}>
      {(rows) => (
        <PlainTable aria-label={t('roles.list_label')}>
          <thead>
            <tr>
              <th scope="col">{t('roles.name')}</th>
              <th scope="col">{t('roles.use_count')}</th>
              <th scope="col">{t('roles.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((role) => (
              <tr key={role.id}>
                <th scope="row">
                  {role.role_name}
                  {role.ro && <span className={styles.badge}>{t('roles.read_only')}</span>}
                  {role.ro && role.ro_reason && <span className={styles.reason}>{t(`roles.ro_reason.${role.ro_reason}`)}</span>}
                </th>
                <td>{role.uc}</td>
                <td>
                  <div className={styles.actions}>
                    <Link
                      className={links.smallLink}
                      to={`/m-conf/role/edit/${role.id}`}
                      aria-label={t(role.ro ? 'roles.view' : 'roles.edit', { name: role.role_name })}
                    >
                      {t(role.ro ? 'roles.view_button' : 'roles.edit_button')}
                    </Link>
                    <Link className={links.smallLink} to={`/m-conf/role/template/${role.id}`} aria-label={t('roles.copy', { name: role.role_name })}>
                      {t('roles.copy_button')}
                    </Link>
                    {!role.ro && (
                      <Button size="small" variant="danger" onClick={() => void remove(role)} aria-label={t('roles.delete', { name: role.role_name })}>
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
        title={t('roles.title')}
        actions={
          <Link className={links.linkButton} to="/m-conf/role/create">
            {t('roles.add')}
          </Link>
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
