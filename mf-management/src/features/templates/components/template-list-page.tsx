import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, PageHeader, formatDate, showErrorDialog, useCan, useConfirm, useSchoolFilter } from 'shared-kernel';
import { TEMPLATE_TARGET_TYPES, type TemplateListRow } from 'shared-kernel/contracts';
import { ServerTable, useServerListController, type ServerColumn } from 'shared-kernel/table';
import { deleteTemplate, getTemplateList } from '../api/templates.js';
import { NS } from '../i18n.js';
import links from '../../settings-links.module.css';
import styles from './templates.module.css';

/**
 * /m-template/base (spec 002 §2.11): the custom templates of the filtered schools, paged,
 * sorted and filtered on the server (creation date, schools, name, type); edit and copy with
 * template_w, delete with template_d after 'really_delete', an add button with template_w.
 */
export function TemplateListPage() {
  const { t } = useTranslation(NS);
  const canWrite = useCan('template_w');
  const canDelete = useCan('template_d');
  const confirm = useConfirm();
  const { schools } = useSchoolFilter();
  const list = useServerListController<TemplateListRow>({ fetchPage: getTemplateList, initialSort: [{ id: 'dc', desc: true }] });
  const { reload } = list;

  const remove = useCallback(
    async (row: TemplateListRow) => {
      if (!(await confirm({ message: 'really_delete', danger: true, confirmLabel: 'ui.delete' }))) return;
      try {
        await deleteTemplate(row.id);
      } catch {
        await showErrorDialog({ code: 3, title: 'errors.error' });
        return;
      }
      reload();
    },
    [confirm, reload],
  );

  const columns = useMemo<ServerColumn<TemplateListRow>[]>(() => {
    const names = new Map(schools.map((school) => [school.id, school.name]));
    return [
      { field: 'dc', header: t('templates.created'), width: 130, format: (value) => formatDate(value as string) },
      {
        field: 'sid',
        header: t('templates.schools'),
        sortable: false,
        format: (_value, row) => row.sid.map((id) => names.get(id) ?? t('templates.school_number', { id })).join(', '),
      },
      { field: 'n', header: t('templates.name'), filter: { type: 'text' }, flex: 2 },
      {
        field: 'type',
        header: t('templates.type'),
        width: 170,
        format: (value) => t(`templates.type_${String(value)}`),
        filter: { type: 'select', options: TEMPLATE_TARGET_TYPES.map((type) => ({ value: type, label: t(`templates.type_${type}`) })) },
      },
      {
        field: 'actions',
        header: t('templates.actions'),
        sortable: false,
        minWidth: 260,
        render: (row) => (
          <span className={styles.actions}>
            {canWrite && (
              <Link to={`/m-template/base/edit/${row.id}`} className={links.smallLink} aria-label={t('templates.edit_item', { name: row.n })}>
                {t('templates.edit')}
              </Link>
            )}
            {canWrite && (
              <Link to={`/m-template/base/template/${row.id}`} className={links.smallLink} aria-label={t('templates.copy_item', { name: row.n })}>
                {t('templates.copy')}
              </Link>
            )}
            {canDelete && (
              <Button size="small" variant="danger" aria-label={t('templates.delete_item', { name: row.n })} onClick={() => void remove(row)}>
                {t('templates.delete')}
              </Button>
            )}
          </span>
        ),
      },
    ];
  }, [t, schools, canWrite, canDelete, remove]);

  return (
    <>
      <PageHeader
        title={t('templates.title')}
        actions={
          canWrite ? (
            <Link to="/m-template/base/create" className={links.linkButton}>
              {t('templates.add')}
            </Link>
          ) : undefined
        }
      />
      <ServerTable controller={list} columns={columns} rowId={(row) => row.id} label={t('templates.title')} />
    </>
  );
}
