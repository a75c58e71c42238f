import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, toast } from 'shared-kernel';
import { errorKey } from 'shared-kernel/contracts';
import { exportFiltered, type ExportFormat, type ServerListController } from 'shared-kernel/table';
import { NS } from '../../../i18n.js';

/**
 * 'Export all filtered' as CSV and Excel: every row the list's filters match, in its sort,
 * not only the page on screen (the selection export covers picked rows).
 */
export function FilteredExportButtons<Row>({ controller, url }: { controller: ServerListController<Row>; url: string }) {
  const { t } = useTranslation(NS);
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    const code = await exportFiltered({ url, filtered: controller.filtered, sorted: controller.sorted, format });
    setBusy(false);
    if (code > 0) toast.error(errorKey(code));
  };
  return (
    <>
      <Button size="small" disabled={busy} onClick={() => void run('csv')}>
        {t('list.export_all_csv')}
      </Button>
      <Button size="small" disabled={busy} onClick={() => void run('xlsx')}>
        {t('list.export_all_xlsx')}
      </Button>
    </>
  );
}
