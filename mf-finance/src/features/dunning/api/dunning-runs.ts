import { BATCH_REQUEST_TIMEOUT_MS, http, saveDownload } from 'shared-kernel';
import type { DunningCountsResponse, DunningLevel, DunningListResponse, DunningRunResponse } from 'shared-kernel/contracts';

/** GET /api-receipt/dunning?level: every open item due at the level (the screen pages by 20). */
export function getDueItems(level: DunningLevel, signal?: AbortSignal): Promise<DunningListResponse> {
  return http.get('api-receipt/dunning', { searchParams: { level }, signal }).json<DunningListResponse>();
}

/** GET /api-receipt/dunning-counts: items due per level (the dunning menu). */
export function getDunningCounts(signal?: AbortSignal): Promise<DunningCountsResponse> {
  return http.get('api-receipt/dunning-counts', { signal }).json<DunningCountsResponse>();
}

/**
 * POST /api-receipt/dunning: duns the selected receipts at the level. `idempotencyKey`: one
 * per submission attempt, so a double click or a retry makes one run.
 */
export function runDunning(level: DunningLevel, rnos: number[], idempotencyKey: string): Promise<DunningRunResponse> {
  return http
    .post('api-receipt/dunning', { json: { level, rnos }, headers: { 'Idempotency-Key': idempotencyKey }, timeout: BATCH_REQUEST_TIMEOUT_MS })
    .json<DunningRunResponse>();
}

/** GET /api-receipt/dunning-pdf?id: the run's letters as one PDF (saved as a download). */
export async function downloadRunLetters(runId: number): Promise<void> {
  await saveDownload(await http.get('api-receipt/dunning-pdf', { searchParams: { id: runId } }), `Mahnlauf-${runId}.pdf`);
}
