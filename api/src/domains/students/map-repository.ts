import type { FilterEntry, MapDataPoint, MapDataResponse } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { filterConditions, type Bind } from '../../lib/paged-list.js';
import { STUDENT_LIST } from './repository.js';

/**
 * A usable position: both coordinates present and on the globe. The range check also keeps
 * out NaN and ±Infinity (double precision allows them; PostgreSQL sorts NaN above every
 * number), which JSON could not carry.
 */
const LOCATED = 's.lat BETWEEN -90 AND 90 AND s.long BETWEEN -180 AND 180';

/**
 * POST /api-base/map-data: every student the student list's filters find that has a position
 * (at most `limit`, by id), with the number found and the number without position. The
 * filters are the list's own (STUDENT_LIST), so the map and the list always agree. Runs in
 * the transaction of `db.scoped()`: row-level security limits it to the request's schools.
 */
export async function studentMapData(tx: Queryable, filtered: readonly FilterEntry[], limit: number): Promise<MapDataResponse> {
  const params: unknown[] = [];
  const bind: Bind = (value) => {
    params.push(value);
    return `$${params.length}`;
  };
  // Checks ids and values again (a wrong one is a 400), whatever the route's schema let through.
  const where = filterConditions(STUDENT_LIST, filtered, bind);
  const from = STUDENT_LIST.countFrom ?? STUDENT_LIST.from;
  const filters = where.length ? where.join(' AND ') : 'true';
  // One statement: the counts and the points come from one snapshot.
  const result = await tx.query<{ total: number; located: number; points: MapDataPoint[] | null }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE ${LOCATED})::int AS located,
            (SELECT json_agg(p ORDER BY p.id)
               FROM (SELECT s.id, s.firstname AS fn, s.lastname AS ln, s.city AS c, s.student_status_id AS sst, s.lat, s.long
                       FROM ${from}
                      WHERE ${filters} AND ${LOCATED}
                      ORDER BY s.id
                      LIMIT ${bind(limit)}) p) AS points
       FROM ${from}
      WHERE ${filters}`,
    params,
  );
  const { total, located, points } = result.rows[0];
  return { points: points ?? [], total, withoutPosition: total - located, capped: located > limit };
}
