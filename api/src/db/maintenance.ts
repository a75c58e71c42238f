import type { Db } from './index.js';

/**
 * Planner statistics (and with `vacuum` the visibility map and free space) for every table.
 * After a bulk load the planner otherwise guesses: the student list then takes ~70 ms a page
 * instead of ~5 ms. A PostgreSQL server's autovacuum catches up by itself after a while;
 * the embedded PGlite has no autovacuum, so the server runs this there periodically.
 * VACUUM cannot run inside a transaction: this runs outside any.
 */
export async function refreshStatistics(db: Db, options: { vacuum?: boolean } = {}): Promise<void> {
  await db.query(options.vacuum ? 'VACUUM (ANALYZE)' : 'ANALYZE');
}

/** How often the embedded database's statistics are refreshed. */
export const EMBEDDED_ANALYZE_INTERVAL_MS = 30 * 60_000;
