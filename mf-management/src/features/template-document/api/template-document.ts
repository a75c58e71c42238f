import { IDEMPOTENCY_KEY_HEADER, http, saveDownload } from 'shared-kernel';
import type { TemplateDocumentBody, TemplateDocumentMailAnswer, TemplateFilled } from 'shared-kernel/contracts';

/** GET /api-template/data?id&oid: the template filled for the entity (unknown placeholders listed). */
export function getFilledTemplate(templateId: number, entityId: number, signal?: AbortSignal): Promise<TemplateFilled> {
  return http.get('api-template/data', { searchParams: { id: templateId, oid: entityId }, signal }).json<TemplateFilled>();
}

/** POST /api-template/doc-pdf: the letter as PDF, saved by the browser under the server's file name. */
export async function downloadDocumentPdf(body: TemplateDocumentBody): Promise<void> {
  await saveDownload(await http.post('api-template/doc-pdf', { json: body }), 'Dokument.pdf');
}

/** POST /api-template/doc-mail (idempotent: the same key sends one mail). */
export function sendDocumentMail(body: TemplateDocumentBody, idempotencyKey: string): Promise<TemplateDocumentMailAnswer> {
  return http.post('api-template/doc-mail', { json: body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }).json<TemplateDocumentMailAnswer>();
}
