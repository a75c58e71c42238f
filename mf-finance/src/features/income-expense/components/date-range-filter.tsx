import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, parseDisplayDate } from 'shared-kernel';
import type { DateRangeFilter as DateRange } from 'shared-kernel/contracts';
import type { ServerListController } from 'shared-kernel/table';
import { NS } from '../../../i18n.js';
import styles from './item-list-page.module.css';

interface DateBoundInputProps {
  label: string;
  /** The applied ISO date, if any. */
  applied: string | undefined;
  /** A valid date (ISO) or null when emptied. */
  onApply: (iso: string | null) => void;
}

/** One end of the range: typed as DD.MM.YYYY, applied as soon as it is a real date or empty. */
function DateBoundInput({ label, applied, onApply }: DateBoundInputProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? formatDate(applied);
  const invalid = draft !== null && draft.trim() !== '' && parseDisplayDate(draft) === null;
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        placeholder="TT.MM.JJJJ"
        className={styles.filterInput}
        value={text}
        aria-invalid={invalid}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const next = event.target.value;
          setDraft(next);
          if (next.trim() === '') onApply(null);
          else {
            const iso = parseDisplayDate(next);
            if (iso) onApply(iso);
          }
        }}
        onBlur={() => {
          if (!invalid) setDraft(null);
        }}
      />
      <span id={`${id}-hint`} className={styles.filterHint}>
        {invalid ? t('form.invalid_date') : t('ui.date_format_hint')}
      </span>
    </div>
  );
}

function readRange(value: unknown): DateRange {
  if (!value || typeof value !== 'object') return {};
  const { from, to } = value as Record<string, unknown>;
  return { from: typeof from === 'string' ? from : undefined, to: typeof to === 'string' ? to : undefined };
}

/**
 * The payment date range filter of the income and expense lists: 'from' and 'to' dates sent
 * as one filter `{ id, value: { from?, to? } }` (ISO dates, both ends included).
 */
export function DateRangeFilter<Row>({ controller, filterId, legend }: {
  controller: ServerListController<Row>;
  filterId: string;
  legend: string;
}) {
  const { t } = useTranslation(NS);
  const range = readRange(controller.filterValue(filterId));
  const apply = (change: DateRange) => {
    const next = { ...range, ...change };
    const value: DateRange = {};
    if (next.from) value.from = next.from;
    if (next.to) value.to = next.to;
    controller.setFilter(filterId, value.from || value.to ? value : null, { immediate: true });
  };
  return (
    <fieldset className={styles.dateRange}>
      <legend className={styles.filterLabel}>{legend}</legend>
      <DateBoundInput label={t('list.from')} applied={range.from} onApply={(iso) => apply({ from: iso ?? undefined })} />
      <DateBoundInput label={t('list.to')} applied={range.to} onApply={(iso) => apply({ to: iso ?? undefined })} />
    </fieldset>
  );
}
