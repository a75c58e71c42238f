import { useId } from 'react';
import { Link } from 'react-router';
import { ageInYears, formatDate } from 'shared-kernel';
import { studentImageUrl } from '../../student-list/api/student-image-url.js';
import { useStudentLabels } from '../../student-list/hooks/use-student-labels.js';
import type { StudentCardModel } from '../hooks/student-card-model.js';
import styles from './student-dashboard.module.css';

/** The student card of the dashboard: photo, name, status, address, birth date and age, member number, school, link to the detail. */
export function StudentCard({ student }: { student: StudentCardModel }) {
  const { t, statusLabel } = useStudentLabels();
  const titleId = useId();
  const name = `${student.firstname} ${student.lastname}`.trim();
  const street = [student.street, student.houseNo].filter(Boolean).join(' ');
  const place = [student.zip, student.city].filter(Boolean).join(' ');
  const age = ageInYears(student.dob);
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      {student.sifh && (
        <img className={styles.cardPhoto} src={studentImageUrl(student.sifh, '200x0')} alt={name} width={120} />
      )}
      <h2 id={titleId} className={styles.cardTitle}>
        {name}
      </h2>
      <dl className={styles.cardFacts}>
        <dt>{t('students.map.card_status')}</dt>
        <dd>{statusLabel(student.status)}</dd>
        <dt>{t('students.map.card_address')}</dt>
        <dd>
          {street && <span className={styles.line}>{street}</span>}
          {place && <span className={styles.line}>{place}</span>}
          {!street && !place && '–'}
        </dd>
        <dt>{t('students.map.card_dob')}</dt>
        <dd>{student.dob ? (age === null ? formatDate(student.dob) : t('students.map.card_age', { date: formatDate(student.dob), count: age })) : '–'}</dd>
        <dt>{t('students.map.card_mno')}</dt>
        <dd>{student.mno || '–'}</dd>
        <dt>{t('students.map.card_school')}</dt>
        <dd>{student.schoolName}</dd>
      </dl>
      <Link className={styles.cardLink} to={`/m-student/details/${student.id}`}>
        {t('students.map.card_open')}
      </Link>
    </section>
  );
}
