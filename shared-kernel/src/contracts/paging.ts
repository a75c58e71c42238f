import * as yup from 'yup';

/** Sort entry of a paged list: `id` is the row field's wire name. */
export interface SortEntry {
  id: string;
  desc: boolean;
}

/** Filter entry of a paged list: `id` is the row field's wire name. */
export interface FilterEntry {
  id: string;
  value: unknown;
}

/** Body of every paged list call (`page` is 0-based). */
export interface PagedListRequest {
  page: number;
  pageSize: number;
  sorted: SortEntry[];
  filtered: FilterEntry[];
}

/** Answer of every paged list call. */
export interface PagedListResponse<Row> {
  rows: Row[];
  pages: number;
  total: number;
}

export const PAGE_SIZES = [10, 20, 25, 50, 100] as const;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;

/** Server-side validation of a paged list body; screens build the same shape. */
export const pagedListSchema = yup
  .object({
    page: yup.number().integer().min(0).max(1_000_000).required(),
    pageSize: yup.number().integer().min(1).max(MAX_PAGE_SIZE).required(),
    sorted: yup
      .array(
        yup.object({ id: yup.string().required().max(40), desc: yup.boolean().required() }).noUnknown(),
      )
      .max(5)
      .default([]),
    filtered: yup
      .array(yup.object({ id: yup.string().required().max(40), value: yup.mixed() }).noUnknown())
      .max(20)
      .default([]),
  })
  .noUnknown();
