import { useCallback, useState } from 'react';
import { SEARCH_MIN_LENGTH, type MapDataPoint, type PagedListRequest, type PagedListResponse } from 'shared-kernel/contracts';
import { useServerListController, type ServerListController } from 'shared-kernel/table';
import { toStudentListRequest } from '../../student-list/hooks/use-student-list-controller.js';
import { getMapData } from '../api/get-map-data.js';

/** What the student map knows beyond its points. */
interface MapDataSummary {
  /** Students without coordinates among those found (not on the map). */
  withoutPosition: number;
  /** The server stopped at its limit: more located students were found than shown. */
  capped: boolean;
}

/** What {@link useStudentMapData} gives the dashboard. */
export interface StudentMapData extends MapDataSummary {
  /**
   * Filter state (in the URL, like the student list's: `fj.sst=4`), typing pauses and the
   * 2-character minimum; `rows` are the map's points, `total` the students found.
   */
  filters: ServerListController<MapDataPoint>;
  points: MapDataPoint[];
}

const NO_SUMMARY: MapDataSummary = { withoutPosition: 0, capped: false };

/**
 * The points of the student map: POST /api-base/map-data with the student list's filters
 * (mapped and checked like the list's by toStudentListRequest), all located students at once.
 * The list controller supplies the filter state, loading, school-filter reloads and retry;
 * its paging is not used (the answer is one "page").
 */
export function useStudentMapData(): StudentMapData {
  const [summary, setSummary] = useState<MapDataSummary>(NO_SUMMARY);
  const fetchPage = useCallback(
    async (request: PagedListRequest, signal: AbortSignal): Promise<PagedListResponse<MapDataPoint>> => {
      // Only the filters are sent: the balance right (which limits sorting) does not matter.
      const { filtered } = toStudentListRequest(request, { canSeeBalance: false });
      const answer = await getMapData(filtered, signal);
      if (!signal.aborted) setSummary({ withoutPosition: answer.withoutPosition, capped: answer.capped });
      return { rows: answer.points, total: answer.total, pages: 1 };
    },
    [],
  );
  const filters = useServerListController<MapDataPoint>({ fetchPage, minTextFilterLength: SEARCH_MIN_LENGTH });
  return { filters, points: filters.rows, ...summary };
}
