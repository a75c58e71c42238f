import type { FinDash, FinDashMonth, IeChart } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { runsPerMonth } from '../direct-debits/repository.js';

/**
 * Finance overview sums (spec 002 §3 "Finance overview data"). All functions take the
 * transaction of `db.scoped()`, so row-level security limits them to the request's schools.
 * Sums cover one currency (the configured one): amounts in different currencies never add up.
 * Receipts are placed by their creation instant in the schools' time zone, income and
 * expense by their payment date.
 */

const ZONE = 'Europe/Vienna';

function monthStart(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

/** Per month of `year`: receipts created, still open of them, income and expense (cents). */
export async function financeDashboard(tx: Queryable, year: number, currency: string): Promise<FinDash> {
  const from = monthStart(year, 1);
  const to = monthStart(year + 1, 1);
  const receipts = await tx.query<{ month: number; receipts: number; open: number }>(
    `SELECT extract(month FROM created_at AT TIME ZONE '${ZONE}')::int AS month,
            COALESCE(sum(amount), 0)::int8 AS receipts,
            COALESCE(sum(amount - paid) FILTER (WHERE type = 1), 0)::int8 AS open
       FROM receipts
      WHERE created_at >= ($1::date::timestamp AT TIME ZONE '${ZONE}')
        AND created_at < ($2::date::timestamp AT TIME ZONE '${ZONE}')
        AND currency = $3
      GROUP BY 1`,
    [from, to, currency],
  );
  const income = await sumPerMonth(tx, 'income', from, to, currency);
  const expense = await sumPerMonth(tx, 'expense', from, to, currency);
  const receiptsByMonth = new Map(receipts.rows.map((row) => [row.month, row]));
  const months: FinDashMonth[] = [];
  for (let month = 1; month <= 12; month++) {
    const key = monthStart(year, month).slice(0, 7);
    months.push({
      month,
      receipts: Number(receiptsByMonth.get(month)?.receipts ?? 0),
      open: Number(receiptsByMonth.get(month)?.open ?? 0),
      income: income.get(key) ?? 0,
      expense: expense.get(key) ?? 0,
    });
  }
  const totals = months.reduce(
    (sum, m) => ({ receipts: sum.receipts + m.receipts, open: sum.open + m.open, income: sum.income + m.income, expense: sum.expense + m.expense }),
    { receipts: 0, open: 0, income: 0, expense: 0 },
  );
  return { year, currency, months, totals, dd: await runsPerMonth(tx, year) };
}

/** Income and expense totals per month for the 12 months ending with year/month. */
export async function incomeExpenseChart(tx: Queryable, year: number, month: number, currency: string): Promise<IeChart> {
  const months: string[] = [];
  for (let back = 11; back >= 0; back--) {
    const index = year * 12 + (month - 1) - back;
    months.push(monthStart(Math.floor(index / 12), (index % 12) + 1).slice(0, 7));
  }
  const from = `${months[0]}-01`;
  const endIndex = year * 12 + month; // the month after year/month
  const to = monthStart(Math.floor(endIndex / 12), (endIndex % 12) + 1);
  const income = await sumPerMonth(tx, 'income', from, to, currency);
  const expense = await sumPerMonth(tx, 'expense', from, to, currency);
  const inSums = months.map((key) => income.get(key) ?? 0);
  const outSums = months.map((key) => expense.get(key) ?? 0);
  const totalIn = inSums.reduce((a, b) => a + b, 0);
  const totalOut = outSums.reduce((a, b) => a + b, 0);
  return { months, in: inSums, out: outSums, totals: { in: totalIn, out: totalOut, balance: totalIn - totalOut }, currency };
}

/** Sum of `amount` per 'YYYY-MM' of payment_date in [from, to). Table name is internal, never input. */
async function sumPerMonth(
  tx: Queryable,
  table: 'income' | 'expense',
  from: string,
  to: string,
  currency: string,
): Promise<Map<string, number>> {
  const result = await tx.query<{ month: string; total: number }>(
    `SELECT to_char(payment_date, 'YYYY-MM') AS month, COALESCE(sum(amount), 0)::int8 AS total
       FROM ${table}
      WHERE payment_date >= $1::date AND payment_date < $2::date AND currency = $3
      GROUP BY 1`,
    [from, to, currency],
  );
  return new Map(result.rows.map((row) => [row.month, Number(row.total)]));
}
