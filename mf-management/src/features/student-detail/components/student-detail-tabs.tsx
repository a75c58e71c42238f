import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudentData } from 'shared-kernel/contracts';
import { useDetailTab, type StudentDetailTab } from '../hooks/use-detail-tab.js';
import { NS } from '../i18n.js';
import { FinanceSlot } from './finance-slot.js';
import { PersonalDataTab } from './personal-data-tab.js';
import { StudentDocumentsTab } from './student-documents-tab.js';
import styles from './student-detail.module.css';

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
 * The tabs of the student detail (WAI-ARIA tabs: arrow keys, Home and End move between tabs
 * and open them). A tab's content is mounted when first opened and kept while the user looks
 * at another tab, so a half-filled form survives a look at the documents.
 */
export function StudentDetailTabs({ student, onStudentChanged }: { student: StudentData; onStudentChanged: () => void }) {
  const { t } = useTranslation(NS);
  const baseId = useId();
  const { tabs, current, select } = useDetailTab();
  const [opened, setOpened] = useState<StudentDetailTab[]>([current]);
  const tabRefs = useRef(new Map<StudentDetailTab, HTMLButtonElement>());

  useEffect(() => {
    setOpened((list) => (list.includes(current) ? list : [...list, current]));
  }, [current]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(current);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    select(tab);
    tabRefs.current.get(tab)?.focus();
  };

  const tabId = (tab: StudentDetailTab) => `${baseId}-tab-${tab}`;
  const panelId = (tab: StudentDetailTab) => `${baseId}-panel-${tab}`;

  return (
    <>
      <div role="tablist" aria-label={t('student_detail.tabs.label')} className={styles.tablist} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab === current;
          return (
            <button
              key={tab}
              ref={(element) => {
                if (element) tabRefs.current.set(tab, element);
                else tabRefs.current.delete(tab);
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              aria-selected={selected}
              aria-controls={panelId(tab)}
              tabIndex={selected ? 0 : -1}
              className={selected ? `${styles.tab} ${styles.tabSelected}` : styles.tab}
              onClick={() => select(tab)}
            >
              {t(`student_detail.tabs.${tab}`)}
            </button>
          );
        })}
      </div>
      {tabs
        .filter((tab) => tab === current || opened.includes(tab))
        .map((tab) => (
          <div
            key={tab}
            role="tabpanel"
            id={panelId(tab)}
            aria-labelledby={tabId(tab)}
            hidden={tab !== current}
            tabIndex={0}
            className={styles.tabPanel}
          >
            <TabContent tab={tab} student={student} onStudentChanged={onStudentChanged} />
          </div>
        ))}
    </>
  );
}
