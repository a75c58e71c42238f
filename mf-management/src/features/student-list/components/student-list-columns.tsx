import { createContext, useContext, useMemo } from 'react';
import { Link } from 'react-router';
import { VisuallyHidden, formatDate, formatMoney, useSchoolFilter } from 'shared-kernel';
import { DIVISIONS, MEMBER_STATUSES, STUDENT_STATUSES } from 'shared-kernel/contracts';
import type { ServerColumn } from 'shared-kernel/table';
import type { StudentListRow } from '../api/get-student-list.js';
import { studentImageUrl } from '../api/student-image-url.js';
import { useStudentLabels } from '../hooks/use-student-labels.js';
import styles from './student-list.module.css';

/** Which row is expanded; the table's cells read it through context so the columns stay stable. */
export interface ExpandedRowState {
  expandedId: number | null;
  toggle: (id: number) => void;
  /** Id of the region that shows the expanded row. */
  regionId: string;
}

export const ExpandedRowContext = createContext<ExpandedRowState>({
  expandedId: null,
  toggle: () => undefined,
  regionId: '',
});

/** "Firstname Lastname" of a row. */
export function studentName(row: Pick<StudentListRow, 'fn' | 'ln'>): string {
  return `${row.fn} ${row.ln}`.trim();
}

/** Path of a student's detail page. */
export function studentDetailPath(id: number): string {
  return `/m-student/details/${id}`;
}

function PhotoCell({ row }: { row: StudentListRow }) {
  if (!row.sifh) return null;
  return <img className={styles.photo} src={studentImageUrl(row.sifh, '200x0')} alt={studentName(row)} width={60} loading="lazy" />;
}

function ExpanderCell({ row }: { row: StudentListRow }) {
  const { t } = useStudentLabels();
  const { expandedId, toggle, regionId } = useContext(ExpandedRowContext);
  const expanded = expandedId === row.id;
  const name = studentName(row);
  return (
    <button
      type="button"
      className={styles.expander}
      aria-expanded={expanded}
      aria-controls={expanded ? regionId : undefined}
      aria-label={t(expanded ? 'students.collapse' : 'students.expand', { name })}
      onClick={() => toggle(row.id)}
    >
      <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
    </button>
  );
}

function ReminderFlagCell({ row }: { row: StudentListRow }) {
  const { t } = useStudentLabels();
  if (row.remc <= 0) return null;
  const label = t('students.open_reminders', { count: row.remc });
  return (
    <span className={styles.reminderFlag} title={label}>
      <svg className={styles.bell} viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <path d="M8 1.5a1 1 0 0 1 1 1v.6a4.5 4.5 0 0 1 3.5 4.4v3l1.3 1.7a.5.5 0 0 1-.4.8H2.6a.5.5 0 0 1-.4-.8L3.5 10.5v-3A4.5 4.5 0 0 1 7 3.1v-.6a1 1 0 0 1 1-1ZM6.3 14h3.4a1.7 1.7 0 0 1-3.4 0Z" fill="currentColor" />
      </svg>
      <span aria-hidden="true">{row.remc}</span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}

function NameCell({ row, field }: { row: StudentListRow; field: 'fn' | 'ln' }) {
  const { t, brand } = useStudentLabels();
  return (
    <>
      {field === 'ln' && row.rt && (
        <span className={styles.networkFlag} role="img" aria-label={t('students.network_flag', { brand })} title={t('students.network_flag', { brand })}>
          ★
        </span>
      )}
      <Link className={styles.nameLink} to={studentDetailPath(row.id)}>
        {row[field]}
      </Link>
    </>
  );
}

function BalanceCell({ row }: { row: StudentListRow }) {
  const { t } = useStudentLabels();
  if (row.b === null) return null;
  const owing = row.b > 0;
  return (
    <span className={owing ? styles.owing : undefined}>
      {formatMoney(row.b, row.cc)}
      {owing && <VisuallyHidden> ({t('students.owing')})</VisuallyHidden>}
    </span>
  );
}

/**
 * The columns of the student list (spec 001 §2): photo, expander, reminder flag, names (links
 * to the detail), balance (only with finance_r), status, network status and division filters,
 * network dates, birth date, member number, zip, city, school.
 */
export function useStudentColumns({ canSeeBalance }: { canSeeBalance: boolean }): ServerColumn<StudentListRow>[] {
  const { t, brand, statusLabel, memberStatusLabel, divisionLabel } = useStudentLabels();
  const { schools, selectedIds } = useSchoolFilter();

  return useMemo(() => {
    const visibleSchools = selectedIds.length > 0 ? schools.filter((school) => selectedIds.includes(school.id)) : schools;
    const columns: ServerColumn<StudentListRow>[] = [
      { field: 'photo', header: t('students.col.photo'), sortable: false, width: 84, render: (row) => <PhotoCell row={row} /> },
      { field: 'expand', header: t('students.col.expand'), sortable: false, width: 84, render: (row) => <ExpanderCell row={row} /> },
      { field: 'remc', header: t('students.col.reminder'), width: 110, render: (row) => <ReminderFlagCell row={row} /> },
      { field: 'fn', header: t('students.col.fn'), minWidth: 120, filter: { type: 'text' }, render: (row) => <NameCell row={row} field="fn" /> },
      { field: 'ln', header: t('students.col.ln'), minWidth: 140, filter: { type: 'text' }, render: (row) => <NameCell row={row} field="ln" /> },
    ];
    if (canSeeBalance) {
      columns.push({ field: 'b', header: t('students.col.b'), align: 'end', minWidth: 110, render: (row) => <BalanceCell row={row} /> });
    }
    columns.push(
      {
        field: 'sst',
        header: t('students.col.sst'),
        minWidth: 130,
        filter: { type: 'select', options: STUDENT_STATUSES.map((value) => ({ value, label: statusLabel(value) })) },
        format: (value) => statusLabel(value as number),
      },
      {
        field: 'ms',
        header: t('students.col.ms', { brand }),
        minWidth: 130,
        filter: { type: 'select', options: MEMBER_STATUSES.map((value) => ({ value, label: memberStatusLabel(value) })) },
        format: (value) => memberStatusLabel(value as number | null),
      },
      {
        field: 'p',
        header: t('students.col.p'),
        sortable: false,
        minWidth: 120,
        filter: { type: 'select', options: DIVISIONS.map((value) => ({ value, label: divisionLabel(value) })) },
        format: (value) => (Array.isArray(value) ? value.map((division: number) => divisionLabel(division)).join(', ') : ''),
      },
      { field: 'ed', header: t('students.col.ed', { brand }), minWidth: 110, format: (value) => formatDate(value as string | null) },
      { field: 'edtc', header: t('students.col.edtc', { brand }), minWidth: 110, format: (value) => formatDate(value as string | null) },
      { field: 'dob', header: t('students.col.dob'), minWidth: 110, format: (value) => formatDate(value as string | null) },
      { field: 'mno', header: t('students.col.mno'), minWidth: 110, filter: { type: 'text' } },
      { field: 'z', header: t('students.col.z'), minWidth: 80, filter: { type: 'text' } },
      { field: 'c', header: t('students.col.c'), minWidth: 110, filter: { type: 'text' } },
      {
        field: 'sn',
        header: t('students.col.sn'),
        sortId: 'sid',
        minWidth: 140,
        // Choosing a school only makes sense when the session's school filter shows several.
        filter: visibleSchools.length > 1 ? { type: 'select', options: visibleSchools.map((school) => ({ value: school.id, label: school.name })) } : undefined,
        filterId: 'sid',
      },
    );
    return columns;
  }, [t, brand, canSeeBalance, statusLabel, memberStatusLabel, divisionLabel, schools, selectedIds]);
}
