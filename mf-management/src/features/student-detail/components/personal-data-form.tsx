import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { Button, SubmitStateBox, useSessionStore } from 'shared-kernel';
import { personalDataSchema, type PersonalData } from 'shared-kernel/contracts';
import { ConflictNotice, DateField, FormikForm, SelectField, SubmitButton, TextField } from 'shared-kernel/forms';
import { getPersonalData, savePersonalData, type VersionedPersonalData } from '../api/personal-data.js';
import { useStudentLabels } from '../hooks/use-student-labels.js';
import { useVersionedSave } from '../hooks/use-versioned-save.js';
import { NS } from '../i18n.js';
import { pickSchemaFields } from '../utils/form-values.js';
import styles from './student-detail.module.css';

function DivisionsField() {
  const { t } = useTranslation(NS);
  const labels = useStudentLabels();
  const formik = useFormikContext<PersonalData>();
  const selected = formik.values.divisions ?? [];
  const toggle = (division: number, checked: boolean) => {
    const next = checked ? [...selected, division].sort((a, b) => a - b) : selected.filter((d) => d !== division);
    void formik.setFieldValue('divisions', next, true);
  };
  return (
    <fieldset className={styles.checkGroup}>
      <legend>{t('student_detail.personal.divisions')}</legend>
      {labels.divisions.map((division) => (
        <label key={division} className={styles.checkItem}>
          <input
            type="checkbox"
            name="divisions"
            value={division}
            checked={selected.includes(division)}
            onChange={(event) => toggle(division, event.target.checked)}
          />
          {labels.division(division)}
        </label>
      ))}
    </fieldset>
  );
}

/** Props of {@link PersonalDataForm}. */
export interface PersonalDataFormProps {
  studentId: number;
  schoolId: number;
  /** The personal data as read, with their version (sent with the save). */
  initial: VersionedPersonalData;
  onCancel: () => void;
  onSaved: () => void;
}

/**
 * Edits the personal data with the contract's personalDataSchema (the API validates with the
 * same schema). Dates are typed DD.MM.YYYY; the save shows its submit state. The save sends
 * the version read: when someone saved meanwhile the conflict notice says so, the entries stay.
 */
export function PersonalDataForm({ studentId, schoolId, initial, onCancel, onSaved }: PersonalDataFormProps) {
  const { t } = useTranslation(NS);
  const labels = useStudentLabels();
  const { record, state, save } = useVersionedSave(initial, () => getPersonalData(studentId));
  // The name supplement is a German field (spec 000 §3); a value already on file stays visible.
  const schoolCountry = useSessionStore((s) => s.appState?.schools.find((school) => school.id === schoolId)?.country);
  const showSupplement = schoolCountry === 'de' || Boolean(initial.supplement);
  const label = (key: string) => t(`student_detail.personal.${key}`);

  return (
    <FormikForm<PersonalData>
      initialValues={pickSchemaFields<PersonalData>(personalDataSchema, initial)}
      validationSchema={personalDataSchema}
      ariaLabel={t('student_detail.personal.form')}
      className={styles.form}
      onSubmit={async (values, helpers) => {
        const body = personalDataSchema.cast(values, { stripUnknown: true }) as PersonalData;
        const outcome = await save((version) => savePersonalData(studentId, body, version));
        if (outcome.ok) onSaved();
        else if (outcome.fields) helpers.setErrors(outcome.fields);
      }}
    >
      <div className={styles.formGrid}>
        <SelectField name="salutation_id" label={label('salutation')} required options={labels.salutationOptions} />
        <SelectField name="title_id" label={label('title_field')} options={labels.titleOptions} placeholder={t('student_detail.none')} />
        <TextField name="firstname" label={label('firstname')} required autoComplete="off" />
        <TextField name="lastname" label={label('lastname')} required autoComplete="off" />
        {showSupplement && <TextField name="supplement" label={label('supplement')} />}
        <DateField name="dob" label={label('dob')} />
        <TextField name="email" type="email" label={label('email')} autoComplete="off" />
        <TextField name="phone_regular" type="tel" label={label('phone_regular')} autoComplete="off" />
        <TextField name="phone_cellphone" type="tel" label={label('phone_cellphone')} autoComplete="off" />
        <TextField name="nationality" label={label('nationality')} />
        <SelectField name="student_status_id" label={label('status')} required options={labels.statusOptions} />
        <SelectField
          name="e_member_status_id"
          label={label('member_status')}
          options={labels.memberStatusOptions}
          placeholder={t('student_detail.none')}
        />
      </div>
      <DivisionsField />
      <ConflictNotice
        record={record}
        labels={{
          salutation_id: label('salutation'), title_id: label('title_field'), firstname: label('firstname'), lastname: label('lastname'),
          supplement: label('supplement'), dob: label('dob'), email: label('email'), phone_regular: label('phone_regular'),
          phone_cellphone: label('phone_cellphone'), nationality: label('nationality'), student_status_id: label('status'),
          e_member_status_id: label('member_status'), divisions: label('divisions'),
        }}
      />
      <SubmitStateBox state={state} />
      <div className={styles.formActions}>
        <SubmitButton>{t('student_detail.save')}</SubmitButton>
        <Button onClick={onCancel}>{t('common:ui.cancel')}</Button>
      </div>
    </FormikForm>
  );
}
