/**
 * The legacy lead import (spec 002 §2.12, /m-import/leglead, /api-import/leglead): staff
 * upload the export of their previous system (CSV in UTF-8 or Windows-1252 with ';' or ',', or
 * XLSX); the server maps the columns it knows, stages the rows per user and school, and
 * creates leads (origin 9, legacy import) from the rows staff select, skipping duplicates.
 */

/** What a column of the file may be mapped to (null = ignored). */
export const LEAD_IMPORT_FIELDS = ['date_created', 'firstname', 'lastname', 'zip', 'city', 'email', 'phone', 'mobile', 'school', 'annotation'] as const;
export type LeadImportField = (typeof LEAD_IMPORT_FIELDS)[number];

/** Largest file (bytes) and most data rows one upload stages. */
export const LEAD_IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const LEAD_IMPORT_MAX_ROWS = 20_000;
/** Staged rows per page (002 §9). */
export const LEAD_IMPORT_PAGE_SIZE = 20;
/** Most rows one import call takes. */
export const LEAD_IMPORT_MAX_IDS = LEAD_IMPORT_MAX_ROWS;

/** A column of the uploaded file and what it was mapped to (null: not imported). */
export interface LeadImportColumn {
  header: string;
  field: LeadImportField | null;
}

/** Answer of the upload (POST /api-import/leglead/upload). */
export interface LeadImportUploadResponse {
  /** Rows staged (the user's earlier staged rows were replaced). */
  staged: number;
  columns: LeadImportColumn[];
}

/** A staged row (GET /api-import/leglead). */
export interface LeadImportRow {
  id: number;
  /** Creation date in the old system (ISO date) or null. */
  dc: string | null;
  fn: string;
  ln: string;
  z: string;
  c: string;
  em: string;
  p1: string;
  p2: string;
  /** The school the lead will belong to. */
  sid: number;
  sn: string;
}
/** Prefix filters of the staged rows. */
export const LEAD_IMPORT_FILTER_FIELDS = ['fn', 'ln', 'z', 'c', 'em', 'p1', 'p2', 'sn'] as const;
export const LEAD_IMPORT_SORT_FIELDS = ['dc', 'fn', 'ln', 'z', 'c', 'sn'] as const;

/** Why a selected row was not imported. */
/** invalid: a name longer than the lead form allows. */
export type LeadImportSkipReason = 'email' | 'name_phone' | 'no_lastname' | 'invalid';

/** Answer of POST /api-import/leglead {ids}. */
export interface LeadImportResult {
  success: true;
  created: number;
  skipped: { id: number; name: string; reason: LeadImportSkipReason }[];
}
