import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useCan, useRequest } from 'shared-kernel';
import type { InvoiceAddress, MainAddress } from 'shared-kernel/contracts';
import { deleteInvoiceAddress, getInvoiceAddress, getMainAddress } from '../api/addresses.js';
import { useConfirmedDelete } from '../hooks/use-confirmed-delete.js';
import { useStudentLabels } from '../hooks/use-student-labels.js';
import { NS } from '../i18n.js';
import { InvoiceAddressForm, MainAddressForm } from './address-forms.js';
import { DetailPanel } from './detail-panel.js';
import { RequestBody } from './request-body.js';
import styles from './student-detail.module.css';

type Editing = 'main' | 'invoice' | null;

function AddressLines({ address }: { address: MainAddress | InvoiceAddress }) {
  const labels = useStudentLabels();
  const invoice = 'lastname' in address ? address : null;
  const name = invoice
    ? [invoice.salutation_id ? labels.salutation(invoice.salutation_id) : '', invoice.title_id ? labels.title(invoice.title_id) : '', invoice.firstname ?? '', invoice.lastname]
        .filter(Boolean)
        .join(' ')
    : '';
  return (
    <address className={styles.address}>
      {invoice?.company && <span>{invoice.company}</span>}
      {name && <span>{name}</span>}
      <span>{`${address.street} ${address.house_no}`.trim()}</span>
      <span>{`${address.zip} ${address.city}`.trim()}</span>
      <span>{labels.country(address.country_iso)}</span>
      {invoice?.email && <span>{invoice.email}</span>}
    </address>
  );
}

/**
 * The main address (type 1) and the optional separate invoice address (type 2): shown, and with
 * student_w edited, added and (invoice only) deleted (GET|PUT|DELETE /api-student/address).
 */
export function StudentAddressPanel({ studentId, defaultCountry }: { studentId: number; defaultCountry: string }) {
  const { t } = useTranslation(NS);
  const canWrite = useCan('student_w');
  const confirmedDelete = useConfirmedDelete();
  const [editing, setEditing] = useState<Editing>(null);
  const [mainVersion, setMainVersion] = useState(0);
  const [invoiceVersion, setInvoiceVersion] = useState(0);
  const main = useRequest((signal) => getMainAddress(studentId, signal), [studentId, mainVersion]);
  const invoice = useRequest((signal) => getInvoiceAddress(studentId, signal), [studentId, invoiceVersion]);
  const label = (key: string) => t(`student_detail.address.${key}`);

  const removeInvoice = async () => {
    if (await confirmedDelete(() => deleteInvoiceAddress(studentId))) setInvoiceVersion((n) => n + 1);
  };

  return (
    <DetailPanel title={label('title')} className={styles.wide}>
      <div className={styles.addressColumns}>
        <div>
          <div className={styles.subHeader}>
            <h3 className={styles.subTitle}>{label('main')}</h3>
            {canWrite && editing !== 'main' && main.data !== undefined && (
              <Button size="small" aria-label={label('edit_main')} onClick={() => setEditing('main')}>
                {t('student_detail.edit')}
              </Button>
            )}
          </div>
          <RequestBody state={main.state} data={main.data} onRetry={main.reload}>
            {(address) =>
              editing === 'main' ? (
                <MainAddressForm
                  studentId={studentId}
                  initial={address}
                  defaults={{ country_iso: defaultCountry }}
                  onCancel={() => setEditing(null)}
                  onSaved={() => {
                    setEditing(null);
                    setMainVersion((n) => n + 1);
                  }}
                />
              ) : address ? (
                <AddressLines address={address} />
              ) : (
                <p>{label('no_main')}</p>
              )
            }
          </RequestBody>
        </div>
        <div>
          <div className={styles.subHeader}>
            <h3 className={styles.subTitle}>{label('invoice')}</h3>
            {canWrite && editing !== 'invoice' && invoice.data !== undefined && (
              invoice.data ? (
                <span className={styles.panelActions}>
                  <Button size="small" aria-label={label('edit_invoice')} onClick={() => setEditing('invoice')}>
                    {t('student_detail.edit')}
                  </Button>
                  <Button size="small" variant="danger" aria-label={label('delete_invoice')} onClick={() => void removeInvoice()}>
                    {t('common:ui.delete')}
                  </Button>
                </span>
              ) : (
                <Button size="small" onClick={() => setEditing('invoice')}>{label('add_invoice')}</Button>
              )
            )}
          </div>
          <RequestBody state={invoice.state} data={invoice.data} onRetry={invoice.reload}>
            {(address) =>
              editing === 'invoice' ? (
                <InvoiceAddressForm
                  studentId={studentId}
                  initial={address}
                  defaults={{ country_iso: main.data?.country_iso ?? defaultCountry }}
                  onCancel={() => setEditing(null)}
                  onSaved={() => {
                    setEditing(null);
                    setInvoiceVersion((n) => n + 1);
                  }}
                />
              ) : address ? (
                <AddressLines address={address} />
              ) : (
                <p>{label('no_invoice')}</p>
              )
            }
          </RequestBody>
        </div>
      </div>
    </DetailPanel>
  );
}
