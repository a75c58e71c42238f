import { BATCH_REQUEST_TIMEOUT_MS, IDEMPOTENCY_KEY_HEADER, http } from 'shared-kernel';
import type {
  DdCandidatesResponse,
  DdGenerateResponse,
  DdPreview,
  DdSelection,
  SepaDownloadMode,
  SepaFilesResponse,
} from 'shared-kernel/contracts';

/** PUT /api-fin/dd: the direct-debit candidates of a month and the date of the last run. */
export function getCandidates(year: number, month: number, signal?: AbortSignal): Promise<DdCandidatesResponse> {
  return http.put('api-fin/dd', { json: { year, month }, signal }).json<DdCandidatesResponse>();
}

/** POST /api-fin/dd with preview: what generating the selection would do (nothing is written). */
export function previewRun(year: number, month: number, data: DdSelection[]): Promise<DdPreview> {
  return http.post('api-fin/dd', { json: { year, month, data, preview: true } }).json<DdPreview>();
}

/**
 * POST /api-fin/dd: generates the runs (one per creditor account). `idempotencyKey` stays the
 * same while the same selection is submitted again, so a repeated click debits nothing twice.
 */
export function generateRun(year: number, month: number, data: DdSelection[], idempotencyKey: string): Promise<DdGenerateResponse> {
  return http
    .post('api-fin/dd', { json: { year, month, data }, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }, timeout: BATCH_REQUEST_TIMEOUT_MS })
    .json<DdGenerateResponse>();
}

/** GET /api-fin/sepa: the SEPA files (one per run), newest first. */
export function getSepaFiles(signal?: AbortSignal): Promise<SepaFilesResponse> {
  return http.get('api-fin/sepa', { signal }).json<SepaFilesResponse>();
}

/** The download address of a run's file (opened in a new tab; the session cookie authorises it). */
export function sepaDownloadUrl(runId: number, mode: SepaDownloadMode): string {
  return `/api-fin/es?mode=${mode}&key=${runId}`;
}
