import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from 'shared-kernel';
import { NS } from '../../../i18n.js';

/** Translated names of the student enumerations (status, network status, division) and the network's brand. */
export function useStudentLabels() {
  const { t } = useTranslation(NS);
  const brand = useSessionStore((session) => session.appState?.brand ?? '');
  const statusLabel = useCallback(
    (status: number | null | undefined) => (status ? t(`student_enums.status.${status}`, { defaultValue: String(status) }) : ''),
    [t],
  );
  const memberStatusLabel = useCallback(
    (status: number | null | undefined) =>
      status ? t(`student_enums.member_status.${status}`, { defaultValue: String(status) }) : '',
    [t],
  );
  const divisionLabel = useCallback((division: number) => t(`student_enums.division.${division}`), [t]);
  return { t, brand, statusLabel, memberStatusLabel, divisionLabel };
}
