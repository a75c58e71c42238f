import type { ListLayout, ListLayoutColumn, ListLayoutName } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { staleVersion } from '../../lib/record-version.js';

/**
 * The caller's saved column layout of one list (table user_list_layouts, migration 120).
 * Never saved: no columns, version 1 (the version a first save sends back).
 * Run in the request's scoped transaction: row-level security shows only the caller's rows.
 */
export async function getListLayout(tx: Queryable, userId: number, list: ListLayoutName): Promise<ListLayout> {
  const res = await tx.query<{ columns: ListLayoutColumn[]; version: number }>(
    'SELECT columns, version FROM user_list_layouts WHERE user_id = $1 AND list = $2',
    [userId, list],
  );
  const row = res.rows[0];
  return row ? { columns: row.columns, version: row.version } : { columns: [], version: 1 };
}

/**
 * Saves the caller's layout of one list read with `version` and answers the next version, in
 * one statement: the first save (version 1) inserts the row, racing first saves meet in the
 * primary key and only the one that finds version 1 wins; a later save updates the row only
 * while it still has `version`. Otherwise 409 {error: 9} (someone saved it meanwhile, e.g. in
 * another tab), nothing changed.
 */
export async function saveListLayout(
  tx: Queryable,
  userId: number,
  list: ListLayoutName,
  columns: readonly ListLayoutColumn[],
  version: number,
): Promise<number> {
  const json = JSON.stringify(columns);
  const res =
    version === 1
      ? await tx.query<{ version: number }>(
          `INSERT INTO user_list_layouts AS l (user_id, list, columns, version) VALUES ($1, $2, $3::jsonb, 2)
           ON CONFLICT (user_id, list) DO UPDATE SET columns = EXCLUDED.columns, version = l.version + 1, updated_at = now()
            WHERE l.version = 1
           RETURNING l.version`,
          [userId, list, json],
        )
      : await tx.query<{ version: number }>(
          `UPDATE user_list_layouts SET columns = $3::jsonb, version = version + 1, updated_at = now()
            WHERE user_id = $1 AND list = $2 AND version = $4
           RETURNING version`,
          [userId, list, json, version],
        );
  const saved = res.rows[0];
  if (!saved) throw staleVersion();
  return saved.version;
}
