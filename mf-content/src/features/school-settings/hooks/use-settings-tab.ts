import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const SETTINGS_TABS = ['general', 'social', 'timetable', 'contact'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

const isTab = (value: string | null): value is SettingsTab => (SETTINGS_TABS as readonly (string | null)[]).includes(value);

/** The open settings tab, kept in the URL (?tab=timetable) so a reload or a link opens it again. */
export function useSettingsTab(): { current: SettingsTab; select: (tab: SettingsTab) => void } {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const current = isTab(raw) ? raw : 'general';
  const select = useCallback(
    (tab: SettingsTab) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('tab', tab);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { current, select };
}
