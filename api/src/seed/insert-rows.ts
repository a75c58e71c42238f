import type { Queryable } from '../db/index.js';

/** A row to insert: column name -> value. Arrays become PostgreSQL array literals. */
export type InsertRow = Record<string, unknown>;

// PostgreSQL allows 65535 bind parameters per statement; stay well below.
const MAX_PARAMS = 30_000;

function toParam(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) {
    // A literal instead of a driver-specific array encoding: PGlite and pg both send text,
    // and the target column's type parses it.
    return `{${value.map((item) => (typeof item === 'number' ? String(item) : JSON.stringify(String(item)))).join(',')}}`;
  }
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * Inserts rows with multi-row `INSERT ... VALUES` statements (all rows must have the same
 * columns) and returns the `returning` columns in input order. Used by the seeds: one
 * statement per few hundred rows instead of one per row.
 */
export async function insertRows<R = { id: number }>(
  tx: Queryable,
  table: string,
  rows: readonly InsertRow[],
  returning: string | null = 'id',
): Promise<R[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  const rowsPerStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const result: R[] = [];
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const chunk = rows.slice(start, start + rowsPerStatement);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const placeholders = columns.map((column) => {
        params.push(toParam(row[column]));
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    const sql =
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}` +
      (returning ? ` RETURNING ${returning}` : '');
    const answer = await tx.query<R>(sql, params);
    result.push(...answer.rows);
  }
  return result;
}
