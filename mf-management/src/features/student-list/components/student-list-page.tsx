import { useCallback, useId, useMemo, useState } from 'react';
import { PageHeader, useCan } from 'shared-kernel';
import { ServerTable } from 'shared-kernel/table';
import type { StudentListRow } from '../api/get-student-list.js';
import { toStudentListRequest, useStudentListController } from '../hooks/use-student-list-controller.js';
import { useStudentLabels } from '../hooks/use-student-labels.js';
import { ExpandedRowContext, studentName, useStudentColumns, type ExpandedRowState } from './student-list-columns.js';
import { StudentRowDetails } from './student-row-details.js';
import styles from './student-list.module.css';

const rowId = (row: StudentListRow) => row.id;

/** GET /api-student/export-sel: the selected students, or all the list's filters find. */
const STUDENT_EXPORT_URL = 'api-student/export-sel';

/**
 * /m-student/list: the students of the filtered schools, paged, sorted and filtered on the
 * server, with the list state in the URL. A row expands into address, age, open reminders and
 * a link to the map; names open the detail; the selection (or, without one, everything the
 * filters find) exports as CSV or Excel.
 */
export function StudentListPage() {
  const { t } = useStudentLabels();
  const canSeeBalance = useCan('finance_r');
  const list = useStudentListController();
  const columns = useStudentColumns({ canSeeBalance });
  const regionId = useId();
  const [expandedId, setExpandedId] = useState<number | null>(null);
  const toggle = useCallback((id: number) => setExpandedId((current) => (current === id ? null : id)), []);
  const expanded = useMemo<ExpandedRowState>(() => ({ expandedId, toggle, regionId }), [expandedId, toggle, regionId]);
  // The expanded row shows only while it is on the current page.
  const expandedRow = expandedId === null ? undefined : list.rows.find((row) => row.id === expandedId);
  const wire = toStudentListRequest(list.request, { canSeeBalance });

  return (
    <>
      <PageHeader title={t('students.list_title')} />
      <p className={styles.hint}>{t('students.filter_hint')}</p>
      <div className={styles.list}>
        <ExpandedRowContext.Provider value={expanded}>
          <ServerTable
            controller={list}
            columns={columns}
            rowId={rowId}
            rowLabel={studentName}
            label={t('students.list_label')}
            selectable
            rowClass={(row) => (row.rt ? styles.networkRow : undefined)}
            exportUrl={STUDENT_EXPORT_URL}
            exportQuery={wire}
          />
        </ExpandedRowContext.Provider>
      </div>
      {expandedRow && <StudentRowDetails row={expandedRow} regionId={regionId} onClose={() => setExpandedId(null)} />}
    </>
  );
}
