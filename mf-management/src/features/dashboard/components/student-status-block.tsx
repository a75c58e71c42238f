import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataPanel, useRequest, useSchoolFilter } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { useStudentLabels } from '../../student-list/hooks/use-student-labels.js';
import { getStudentStatusCounts } from '../api/dashboard.js';
import styles from './dashboard.module.css';

/**
 * The dashboard's student block (spec 000 §2, student_r): how many students have each
 * status, each a link to the student list filtered by it, and the total.
 */
export function StudentStatusBlock({ refreshKey }: { refreshKey: number }) {
  const { t } = useTranslation(NS);
  const { statusLabel } = useStudentLabels();
  const { key } = useSchoolFilter();
  const { state, data, reload } = useRequest((signal) => getStudentStatusCounts(signal), [key, refreshKey]);
  const total = (data ?? []).reduce((sum, row) => sum + row.count, 0);
  return (
    <DataPanel title={t('dashboard.students')} state={state} data={data} onRetry={reload} emptyText={t('dashboard.students_empty')}>
      {(rows) => (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.status')}</th>
              <th scope="col" className={styles.count}>
                {t('dashboard.count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.status}>
                <th scope="row">
                  <Link to={`/m-student/list?fj.sst=${row.status}`}>{statusLabel(row.status)}</Link>
                </th>
                <td className={styles.count}>{row.count}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('dashboard.total')}</th>
              <td className={styles.count}>{total}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </DataPanel>
  );
}
