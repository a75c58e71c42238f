import type { FormikErrors, FormikHelpers, FormikValues } from 'formik';
import { yupToFormErrors } from 'formik';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import {
  Button, ErrorPanel, NoPermissionPanel, PageHeader, Spinner, SubmitStateBox, confirmDiscardUnsavedAsync, formatDate, formatMoney,
  toast, useCan, useRequest,
} from 'shared-kernel';
import { ConflictNotice, FormikForm, SubmitButton, useRecordVersion, useSubmissionKey } from 'shared-kernel/forms';
import { ValidationError, type Schema } from 'yup';
import { NS } from '../../../i18n.js';
import { readSaveFailure } from '../api/save-failure.js';
import { useSchoolOptions, type SchoolOption } from '../hooks/use-school-options.js';
import { isFormMode, listPath, parseItemId, readListSearch, type FormMode, type ItemKind } from '../utils/item-kind.js';
import { ItemFormContext, type ItemFormContextValue } from './item-form-context.js';
import styles from './item-form-page.module.css';

/** What every loaded income or expense item has. */
export interface LoadedItem {
  id: number;
  school_id: number;
  currency?: string;
  /** The record version an edit sends back (no lost updates). */
  version: number;
}

export interface ItemFormPageProps<Item extends LoadedItem, Values extends FormikValues, Body> {
  kind: ItemKind;
  loadItem: (id: number, signal: AbortSignal) => Promise<Item>;
  /** Creates the item; `idempotencyKey` stays the same while the same submission is repeated. */
  createItem: (body: Body, idempotencyKey: string) => Promise<void>;
  /** Saves the item read with `version`; answers the next version. */
  updateItem: (id: number, body: Body, version: number) => Promise<number>;
  /** The contract's yup schema of the wire body. */
  schema: Schema<Body>;
  /** Values of a new item; `schoolId` is preselected when the user has one school to choose. */
  emptyValues: (schoolId: number | null) => Values;
  valuesFromItem: (item: Item) => Values;
  /** The form's values in the wire shape the schema checks (cents, ISO dates, nulls). */
  toBody: (values: Values) => unknown;
  /** i18n key of the reason why a loaded item cannot be changed here, or null. */
  lockedReason?: (item: Item) => string | null;
  /** Lookups the fields need (e.g. accounts): their load state, whether they arrived, retry. */
  lookups?: { state: number; loaded: boolean; reload: () => void };
  /** The kind's fields; they read read-only and the schools from {@link ItemFormContext}. */
  children: ReactNode;
}

/**
 * The form screen income and expense share (spec 002 §2.6): modes create, edit and template
 * (template loads an item and saves a copy as new); validation with the contract's schema;
 * saving returns to the list with 'save_succeeded'; a failed save shows the error's text
 * (and the fields the server refused). An edit sends the version it read: when someone saved
 * the item meanwhile the conflict notice says so and the entries stay. A new item is posted
 * with one Idempotency-Key per submission, so a repeated click or retry books it once.
 * Without finance_w the form is read-only. An unknown mode, or edit/template without an id,
 * goes back to the list.
 */
export function ItemFormPage<Item extends LoadedItem, Values extends FormikValues, Body>(
  props: ItemFormPageProps<Item, Values, Body>,
) {
  const { kind } = props;
  const params = useParams();
  const location = useLocation();
  const mode = params.mode;
  const id = parseItemId(params.id);
  const back = `${listPath(kind)}${readListSearch(location.state)}`;

  if (!isFormMode(mode) || (mode !== 'create' && id === null)) return <Navigate to={back} replace />;
  return <ItemFormScreen key={`${mode}-${id ?? ''}`} {...props} mode={mode} id={mode === 'create' ? null : id} back={back} />;
}

function ItemFormScreen<Item extends LoadedItem, Values extends FormikValues, Body>({
  kind, mode, id, back, loadItem, lookups, lockedReason, emptyValues, valuesFromItem, ...rest
}: ItemFormPageProps<Item, Values, Body> & { mode: FormMode; id: number | null; back: string }) {
  const { t } = useTranslation(NS);
  const canWrite = useCan('finance_w');
  const item = useRequest((signal) => loadItem(id ?? 0, signal), [id], { enabled: id !== null });
  const schoolOptions = useSchoolOptions(item.data?.school_id);

  if (mode !== 'edit' && !canWrite) return <NoPermissionPanel />;
  if (id !== null && item.state > 0) return <ErrorPanel code={item.state} onRetry={item.reload} />;
  if (lookups && lookups.state > 0 && !lookups.loaded) return <ErrorPanel code={lookups.state} onRetry={lookups.reload} />;
  if ((id !== null && !item.data) || (lookups && !lookups.loaded)) return <Spinner showLabel />;

  const loaded = item.data ?? null;
  const locked = loaded && lockedReason ? lockedReason(loaded) : null;
  const readOnly = !canWrite || locked !== null;
  const title = t(`${kind}.title_${readOnly ? 'view' : mode}`);
  const initialValues = loaded ? valuesFromItem(loaded) : emptyValues(schoolOptions.length === 1 ? schoolOptions[0].value : null);

  return (
    <>
      <PageHeader title={title} />
      {locked && <p className={styles.notice}>{t(locked)}</p>}
      <ItemForm<Item, Values, Body>
        {...rest}
        mode={mode}
        id={id}
        back={back}
        loaded={loaded}
        loadItem={loadItem}
        initialValues={initialValues}
        readOnly={readOnly}
        schoolOptions={schoolOptions}
      />
    </>
  );
}

interface ItemFormProps<Item extends LoadedItem, Values extends FormikValues, Body> {
  mode: FormMode;
  id: number | null;
  back: string;
  /** The item as read (edit and template), else null. */
  loaded: Item | null;
  loadItem: (id: number, signal: AbortSignal) => Promise<Item>;
  initialValues: Values;
  readOnly: boolean;
  schoolOptions: SchoolOption[];
  schema: Schema<Body>;
  toBody: (values: Values) => unknown;
  createItem: (body: Body, idempotencyKey: string) => Promise<void>;
  updateItem: (id: number, body: Body, version: number) => Promise<number>;
  children: ReactNode;
}

function ItemForm<Item extends LoadedItem, Values extends FormikValues, Body>({
  mode, id, back, loaded, loadItem, initialValues, readOnly, schoolOptions, schema, toBody, createItem, updateItem, children,
}: ItemFormProps<Item, Values, Body>) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [submitState, setSubmitState] = useState(-1);
  const editing = mode === 'edit' && id !== null;
  // Create and template have no stored record: the version is unused there.
  const record = useRecordVersion<Item>(loaded ?? ({ version: 0 } as Item), () => loadItem(id ?? 0, new AbortController().signal));
  const submission = useSubmissionKey();
  const conflictLabels: Partial<Record<string, string>> = {
    name: t('item.name'), custom_category: t('item.custom_category'), payment_date: t('item.payment_date'), amount: t('item.amount'),
    tax_percent: t('item.tax_percent'), annotation: t('item.annotation'),
  };
  const conflictValue = (field: string, value: unknown) => {
    if (field === 'amount') return formatMoney(value as number, record.current?.currency ?? loaded?.currency);
    if (field === 'payment_date') return formatDate(value as string);
    return value === null || value === undefined ? '' : String(value);
  };
  const context = useMemo<ItemFormContextValue>(() => ({ readOnly, schoolOptions }), [readOnly, schoolOptions]);

  const validate = async (values: Values): Promise<FormikErrors<Values>> => {
    try {
      await schema.validate(toBody(values), { abortEarly: false });
      return {};
    } catch (error) {
      if (error instanceof ValidationError) return yupToFormErrors<Values>(error);
      throw error;
    }
  };

  const save = async (values: Values, helpers: FormikHelpers<Values>) => {
    if (readOnly) return;
    // Casting through the schema trims the texts the way the server stores them.
    const body = schema.cast(toBody(values)) as Body;
    setSubmitState(-2);
    try {
      if (editing) record.saved(await updateItem(id, body, record.version));
      else {
        await createItem(body, submission.keyFor(body));
        submission.reset();
      }
    } catch (error) {
      const failure = await readSaveFailure(error);
      // Saved by someone else meanwhile: the conflict notice takes over, the entries stay.
      if (editing && record.handleSaveError(failure.code)) {
        setSubmitState(-1);
        return;
      }
      setSubmitState(failure.code);
      if (Object.keys(failure.fields).length > 0) helpers.setErrors(failure.fields as FormikErrors<Values>);
      return;
    }
    toast.success('save_succeeded');
    navigate(back);
  };

  const cancel = async () => {
    if (await confirmDiscardUnsavedAsync()) navigate(back);
  };

  return (
    <ItemFormContext.Provider value={context}>
      <FormikForm<Values>
        initialValues={initialValues}
        validate={validate}
        onSubmit={save}
        guardUnsaved={!readOnly}
        className={styles.form}
      >
        <div className={styles.fields}>{children}</div>
        {editing && (
          <ConflictNotice<Item>
            record={record}
            labels={conflictLabels as Partial<Record<keyof Item & string, string>>}
            format={conflictValue}
          />
        )}
        <div className={styles.actions}>
          {!readOnly && <SubmitButton>{t('item.save')}</SubmitButton>}
          <Button onClick={() => void cancel()}>{t(readOnly ? 'item.back' : 'item.cancel')}</Button>
          <SubmitStateBox state={submitState} />
        </div>
      </FormikForm>
    </ItemFormContext.Provider>
  );
}
