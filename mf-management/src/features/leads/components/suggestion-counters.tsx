import { useTranslation } from 'react-i18next';
import { Button } from 'shared-kernel';
import { LEAD_SUGGESTIONS, type LeadSuggestion, type LeadSuggestionCounts } from 'shared-kernel/contracts';
import { NS } from '../i18n.js';
import styles from './leads.module.css';

/** Props of {@link SuggestionCounters}. */
export interface SuggestionCountersProps {
  /** Counts per code for the list's other filters; null until the first page came. */
  counts: LeadSuggestionCounts | null;
  /** The code the list is filtered by, or null. */
  selected: LeadSuggestion | null;
  onSelect: (code: LeadSuggestion | null) => void;
}

/**
 * The suggestion-category counters above the lead list (spec 001 §2): one toggle button per
 * code with its count; pressing one filters the list by it, pressing it again (or 'show all')
 * resets the filter. Codes without leads are left out unless selected.
 */
export function SuggestionCounters({ counts, selected, onSelect }: SuggestionCountersProps) {
  const { t } = useTranslation(NS);
  if (!counts) return null;
  const shown = LEAD_SUGGESTIONS.filter((code) => counts[`${code}`] > 0 || code === selected);
  return (
    <fieldset className={styles.counters}>
      <legend>{t('leads.counters')}</legend>
      {shown.map((code) => {
        const text = t(`lead_enums.suggestion.${code}`);
        return (
          <button key={code} type="button" className={styles.counter} aria-pressed={code === selected} onClick={() => onSelect(code === selected ? null : code)}>
            {/* Visible text = the name (axe: label-content-name-mismatch): the code's text, then its count. */}
            <span>{text}</span> <span className={styles.count}>{counts[`${code}`]}</span>
          </button>
        );
      })}
      {selected !== null && (
        <Button size="small" variant="secondary" onClick={() => onSelect(null)}>
          {t('leads.counters_reset')}
        </Button>
      )}
    </fieldset>
  );
}
