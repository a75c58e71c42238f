import { useTranslation } from 'react-i18next';
import type { SchoolRef } from 'shared-kernel/contracts';
import { SchoolChoiceField } from 'shared-kernel/forms';
import { NS } from '../i18n.js';

/**
 * The schools a custom template is for (formik `schools`, at least one): a checkbox per school
 * of the user; ids of the record the user does not see stay chosen and are listed by number.
 */
export function TemplateSchoolsField({ schools, disabled = false }: { schools: SchoolRef[]; disabled?: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <SchoolChoiceField
      legend={t('templates.field.schools')}
      schools={schools}
      disabled={disabled}
      unknownSchoolLabel={(id) => t('templates.school_number', { id })}
    />
  );
}
