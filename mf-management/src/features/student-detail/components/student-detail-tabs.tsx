import { useTranslation } from 'react-i18next';
import { Tabs } from 'shared-kernel';
import type { StudentData } from 'shared-kernel/contracts';
import { useDetailTab, type StudentDetailTab } from '../hooks/use-detail-tab.js';
import { NS } from '../i18n.js';
import { FinanceSlot } from './finance-slot.js';
import { PersonalDataTab } from './personal-data-tab.js';
import { StudentDocumentsTab } from './student-documents-tab.js';

/** The finance remote's modules that fill the finance tabs (loaded at run time). */
const FINANCE_MODULES: Partial<Record<StudentDetailTab, string>> = {
  finance: 'finance/student-finance',
  payments: 'finance/student-payments',
  contracts: 'finance/student-contracts',
};

function TabContent({ tab, student, onStudentChanged }: { tab: StudentDetailTab; student: StudentData; onStudentChanged: () => void }) {
  if (tab === 'personal') return <PersonalDataTab student={student} onStudentChanged={onStudentChanged} />;
  if (tab === 'documents') return <StudentDocumentsTab studentId={student.stid} />;
  const module = FINANCE_MODULES[tab];
  return module ? <FinanceSlot name={module} student={student} /> : null;
}

/**
 * The tabs of the student detail (the kernel's WAI-ARIA tabs: arrow keys, Home and End move
 * between tabs and open them). A tab's content is mounted when first opened and kept while the
 * user looks at another tab, so a half-filled form survives a look at the documents.
 */
export function StudentDetailTabs({ student, onStudentChanged }: { student: StudentData; onStudentChanged: () => void }) {
  const { t } = useTranslation(NS);
  const { tabs, current, select } = useDetailTab();
  return (
    <Tabs<StudentDetailTab>
      label={t('student_detail.tabs.label')}
      tabs={tabs.map((tab) => ({ id: tab, label: t(`student_detail.tabs.${tab}`) }))}
      current={current}
      onSelect={select}
      renderPanel={(tab) => <TabContent tab={tab} student={student} onStudentChanged={onStudentChanged} />}
    />
  );
}
