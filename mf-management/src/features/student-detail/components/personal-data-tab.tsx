import { useSessionStore } from 'shared-kernel';
import type { StudentData } from 'shared-kernel/contracts';
import { PersonalDataPanel } from './personal-data-panel.js';
import { StudentAddressPanel } from './student-address-panel.js';
import { StudentPicturePanel } from './student-picture-panel.js';
import styles from './student-detail.module.css';

/** The personal data tab: personal data, picture and the addresses. */
export function PersonalDataTab({ student, onStudentChanged }: { student: StudentData; onStudentChanged: () => void }) {
  const schoolCountry = useSessionStore((s) => s.appState?.schools.find((school) => school.id === student.school_id)?.country);
  // A new address starts in the student's country as far as known, else the school's.
  const defaultCountry = student.country_iso ?? schoolCountry ?? 'at';
  return (
    <div className={styles.personalGrid}>
      <PersonalDataPanel studentId={student.stid} schoolId={student.school_id} onSaved={onStudentChanged} />
      <StudentPicturePanel student={student} />
      <StudentAddressPanel studentId={student.stid} defaultCountry={defaultCountry} />
    </div>
  );
}
