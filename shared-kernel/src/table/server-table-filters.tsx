import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, parseDisplayDate } from 'shared-kernel';
import type { ServerListController } from './use-server-list-controller.js';
import type { ServerColumn } from './server-column.js';
import styles from './server-table.module.css';

interface FilterProps<Row> {
  column: ServerColumn<Row>;
  controller: ServerListController<Row>;
}

function filterIdOf<Row>(column: ServerColumn<Row>): string {
  return column.filterId ?? column.field;
}

function TextFilter<Row>({ column, controller }: FilterProps<Row>) {
  const { t } = useTranslation('common');
  const id = useId();
  const filterId = filterIdOf(column);
  const value = controller.filterValue(filterId);
  const tooShort = controller.isFilterTooShort(filterId);
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        {t('ui.filter_by', { column: column.header })}
      </label>
      <input
        id={id}
        type="search"
        className={styles.filterInput}
        value={typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value)}
        aria-describedby={tooShort ? `${id}-hint` : undefined}
        onChange={(event) => controller.setFilter(filterId, event.target.value)}
      />
      {tooShort && (
        <span id={`${id}-hint`} className={styles.filterHint}>
          {t('ui.filter_min_chars')}
        </span>
      )}
    </div>
  );
}

function SelectFilter<Row>({ column, controller }: FilterProps<Row>) {
  const { t } = useTranslation('common');
  const id = useId();
  const filterId = filterIdOf(column);
  const options = column.filter?.type === 'select' ? column.filter.options : [];
  const current = controller.filterValue(filterId);
  const selectedIndex = options.findIndex((option) => option.value === current);
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        {t('ui.filter_by', { column: column.header })}
      </label>
      <select
        id={id}
        className={styles.filterInput}
        // Option values are indexes so numbers and booleans reach the server as such.
        value={selectedIndex < 0 ? '' : String(selectedIndex)}
        onChange={(event) => {
          const index = event.target.value === '' ? -1 : Number(event.target.value);
          controller.setFilter(filterId, index < 0 ? null : options[index].value, { immediate: true });
        }}
      >
        <option value="">{t('ui.filter_all')}</option>
        {options.map((option, index) => (
          <option key={String(option.value)} value={String(index)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface DateInputProps {
  label: string;
  /** The applied ISO date, if any. */
  applied: string | undefined;
  /** A valid date (ISO) as soon as one is typed, or null when emptied. */
  onApply: (iso: string | null) => void;
}

/** A date typed as DD.MM.YYYY, applied as soon as it is a real date or empty. */
function DateInput({ label, applied, onApply }: DateInputProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? formatDate(applied);
  const invalid = draft !== null && draft.trim() !== '' && parseDisplayDate(draft) === null;
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        {label}
      </label>
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

function DateFilter<Row>({ column, controller }: FilterProps<Row>) {
  const { t } = useTranslation('common');
  const filterId = filterIdOf(column);
  const applied = controller.filterValue(filterId);
  return (
    <DateInput
      label={t('ui.filter_by', { column: column.header })}
      applied={typeof applied === 'string' ? applied : undefined}
      onApply={(iso) => controller.setFilter(filterId, iso, { immediate: true })}
    />
  );
}

interface DateRange {
  from?: string;
  to?: string;
}

function readRange(value: unknown): DateRange {
  if (!value || typeof value !== 'object') return {};
  const { from, to } = value as Record<string, unknown>;
  return { from: typeof from === 'string' ? from : undefined, to: typeof to === 'string' ? to : undefined };
}

/** 'from' and 'to' of one column, sent together as `{ from?, to? }` (null when both are empty). */
function DateRangeFilter<Row>({ column, controller }: FilterProps<Row>) {
  const { t } = useTranslation('common');
  const filterId = filterIdOf(column);
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
      <legend className={styles.filterLabel}>{t('ui.filter_by', { column: column.header })}</legend>
      <DateInput label={t('ui.date_from')} applied={range.from} onApply={(iso) => apply({ from: iso ?? undefined })} />
      <DateInput label={t('ui.date_to')} applied={range.to} onApply={(iso) => apply({ to: iso ?? undefined })} />
    </fieldset>
  );
}

/** The labelled filter inputs of a ServerTable, one per column with a `filter`. */
export function ServerTableFilters<Row>({
  columns,
  controller,
}: {
  columns: ServerColumn<Row>[];
  controller: ServerListController<Row>;
}) {
  const { t } = useTranslation('common');
  const filterable = columns.filter((column) => column.filter);
  if (filterable.length === 0) return null;
  return (
    <div role="group" aria-label={t('ui.filters')} className={styles.filters}>
      {filterable.map((column) => {
        const key = filterIdOf(column);
        switch (column.filter?.type) {
          case 'select':
            return <SelectFilter key={key} column={column} controller={controller} />;
          case 'date':
            return <DateFilter key={key} column={column} controller={controller} />;
          case 'date-range':
            return <DateRangeFilter key={key} column={column} controller={controller} />;
          default:
            return <TextFilter key={key} column={column} controller={controller} />;
        }
      })}
    </div>
  );
}
