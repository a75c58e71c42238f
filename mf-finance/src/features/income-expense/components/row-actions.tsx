import { useTranslation } from 'react-i18next';
import { Button } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import styles from './item-list-page.module.css';

export interface RowActionsProps {
  /** What names the row for screen readers: its annotation, else its payment date. */
  label: string;
  canWrite: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onCopy: () => void;
  onDelete: () => void;
}

/**
 * Edit (or view, without finance_w), copy and delete of one list row; each button's name says
 * which row it acts on ("Bearbeiten: Mietzahlung").
 */
export function RowActions({ label, canWrite, canDelete, onEdit, onCopy, onDelete }: RowActionsProps) {
  const { t } = useTranslation(NS);
  return (
    <span className={styles.rowActions}>
      <Button size="small" variant="ghost" onClick={onEdit} aria-label={t(canWrite ? 'list.edit' : 'list.view', { label })}>
        {t(canWrite ? 'list.edit_short' : 'list.view_short')}
      </Button>
      {canWrite && (
        <Button size="small" variant="ghost" onClick={onCopy} aria-label={t('list.copy', { label })}>
          {t('list.copy_short')}
        </Button>
      )}
      {canDelete && (
        <Button size="small" variant="ghost" className={styles.danger} onClick={onDelete} aria-label={t('list.delete', { label })}>
          {t('list.delete_short')}
        </Button>
      )}
    </span>
  );
}
