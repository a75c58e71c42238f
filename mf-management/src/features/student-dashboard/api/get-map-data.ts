import { http } from 'shared-kernel';
import type { FilterEntry, MapDataResponse } from 'shared-kernel/contracts';

export type { MapDataResponse };

/**
 * POST /api-base/map-data: every student the student list's filters find that has coordinates
 * (the map's markers), with the number found and the number without coordinates.
 */
export function getMapData(filtered: FilterEntry[], signal?: AbortSignal): Promise<MapDataResponse> {
  return http.post('api-base/map-data', { json: { filtered }, signal }).json<MapDataResponse>();
}
