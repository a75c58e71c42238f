import { useTranslation } from 'react-i18next';
import { HelpTutorials, PageHeader } from 'shared-kernel';

/** /m-help (spec 002 §2.10): the eight video tutorials (the kernel's list and player). */
export function HelpPage() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t('help.title')} />
      <HelpTutorials />
    </>
  );
}
