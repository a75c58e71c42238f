import { addNamespace } from 'shared-kernel';

/** Namespace of the finance area's texts. */
export const NS = 'finance';

addNamespace(NS, {
  de: {
    dashboard: {
      title: 'Finanzen – Übersicht',
      months_title: 'Monatsübersicht {{year}}',
      year: 'Jahr',
      month: 'Monat',
      receipts: 'Belege erstellt',
      open: 'Offen',
      income: 'Einnahmen',
      expense: 'Ausgaben',
      total: 'Summe',
    },
  },
  en: {
    dashboard: {
      title: 'Finance – overview',
      months_title: 'Months of {{year}}',
      year: 'Year',
      month: 'Month',
      receipts: 'Receipts created',
      open: 'Open',
      income: 'Income',
      expense: 'Expenses',
      total: 'Total',
    },
  },
});
