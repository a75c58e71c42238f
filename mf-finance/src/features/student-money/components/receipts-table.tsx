import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, PlainTable, VisuallyHidden, formatDate, formatMoney } from 'shared-kernel';
import type { ReceiptRow } from 'shared-kernel/contracts';
import { NS } from '../i18n.js';
import styles from './student-money.module.css';

/** What the user can do with a receipt row (each handler present only when allowed). */
export interface ReceiptActionHandlers {
  print: (receipt: ReceiptRow) => void;
  pay?: (receipt: ReceiptRow) => void;
  creditNote?: (receipt: ReceiptRow) => void;
  editCreditNote?: (receipt: ReceiptRow) => void;
  undo?: (receipt: ReceiptRow) => void;
  close?: (receipt: ReceiptRow) => void;
  reopen?: (receipt: ReceiptRow) => void;
  setPaid?: (receipt: ReceiptRow) => void;
  payments?: (receipt: ReceiptRow) => void;
}

function ReceiptActions({ receipt, handlers }: { receipt: ReceiptRow; handlers: ReceiptActionHandlers }) {
  const { t } = useTranslation(NS);
  const label = t('money.receipts.receipt_label', { rno: receipt.rno });
  const button = (key: string, handler: ((r: ReceiptRow) => void) | undefined, danger = false) =>
    handler && (
      <Button size="small" variant="ghost" className={danger ? styles.danger : undefined} aria-label={t(`money.receipts.${key}`, { label })} onClick={() => handler(receipt)}>
        {t(`money.receipts.${key}_short`)}
      </Button>
    );
  const open = receipt.type === 1;
  const topLevel = !receipt.sub;
  const outstanding = receipt.bal > 0;
  return (
    <span className={styles.rowActions}>
      {button('print', handlers.print)}
      {open && topLevel && outstanding && button('pay', handlers.pay)}
      {open && topLevel && outstanding && button('credit_note', handlers.creditNote)}
      {open && topLevel && outstanding && button('set_paid', handlers.setPaid)}
      {topLevel && receipt.ap > 0 && button('payments', handlers.payments)}
      {open && topLevel && !outstanding && button('close', handlers.close)}
      {!open && topLevel && button('reopen', handlers.reopen)}
      {open && receipt.kind === 'CN' && button('edit_cn', handlers.editCreditNote)}
      {/* A credit note, or a manual booking (GT) with its credit notes and assignments. */}
      {open && (receipt.kind === 'CN' || (receipt.gt && topLevel)) && button('undo_cn', handlers.undo, true)}
    </span>
  );
}

function ReceiptCells({ receipt, handlers }: { receipt: ReceiptRow; handlers: ReceiptActionHandlers }) {
  const { t } = useTranslation(NS);
  const money = (cents: number) => formatMoney(cents, receipt.cur);
  return (
    <>
      <td>
        {receipt.rno}
        {receipt.sub && receipt.rrno !== null && <span className={styles.muted}> ({t('money.receipts.sub_of', { rno: receipt.rrno })})</span>}
      </td>
      <td>{t(`money.receipts.kind.${receipt.kind}`, { defaultValue: receipt.kind })}</td>
      <td>{receipt.txt}</td>
      <td>{formatDate(receipt.ddue)}</td>
      <td className={styles.number}>{money(receipt.amt)}</td>
      <td className={styles.number}>{money(receipt.ap)}</td>
      <td className={styles.number}>{money(receipt.bal)}</td>
      <td>{receipt.dun > 0 ? receipt.dun : ''}</td>
      <td>
        <ReceiptActions receipt={receipt} handlers={handlers} />
      </td>
    </>
  );
}

/**
 * Receipts with their sub-receipts (credit notes) right below them, indented: number, kind,
 * text, due date, amount, paid, open, dunning level and the actions the user may take.
 */
export function ReceiptsTable({ caption, rows, handlers }: { caption: string; rows: ReceiptRow[]; handlers: ReceiptActionHandlers }) {
  const { t } = useTranslation(NS);
  return (
    // A keyboard user scrolls a wide table with the arrow keys once the region has focus.
    <div className={styles.scroller} tabIndex={0} role="region" aria-label={caption}>
      <PlainTable alignTop dense className={styles.table}>
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('money.receipts.rno')}</th>
            <th scope="col">{t('money.receipts.kind_header')}</th>
            <th scope="col">{t('money.receipts.text')}</th>
            <th scope="col">{t('money.due_date')}</th>
            <th scope="col" className={styles.number}>{t('money.amount')}</th>
            <th scope="col" className={styles.number}>{t('money.receipts.paid')}</th>
            <th scope="col" className={styles.number}>{t('money.receipts.open')}</th>
            <th scope="col">{t('money.receipts.dunning')}</th>
            <th scope="col">{t('money.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((receipt) => (
            <Fragment key={receipt.rno}>
              <tr>
                <ReceiptCells receipt={receipt} handlers={handlers} />
              </tr>
              {receipt.subr.map((sub) => (
                <tr key={sub.rno} className={styles.subRow}>
                  <ReceiptCells receipt={sub} handlers={handlers} />
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
      </PlainTable>
    </div>
  );
}
