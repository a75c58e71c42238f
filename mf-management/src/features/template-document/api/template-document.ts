import { IDEMPOTENCY_KEY_HEADER, http } from 'shared-kernel';
import type { TemplateDocumentBody, TemplateDocumentMailAnswer, TemplateFilled } from 'shared-kernel/contracts';

/** GET /api-template/data?id&oid: the template filled for the entity (unknown placeholders listed). */
export function getFilledTemplate(templateId: number, entityId: number, signal?: AbortSignal): Promise<TemplateFilled> {
  return http.get('api-template/data', { searchParams: { id: templateId, oid: entityId }, signal }).json<TemplateFilled>();
}

/** The file name of a Content-Disposition header (RFC 5987 name first). */
function fileNameFrom(disposition: string | null): string | null {
  const encoded = disposition && /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) return decodeURIComponent(encoded[1].trim());
  const plain = disposition && /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : null;
}

/** POST /api-template/doc-pdf: the letter as PDF, saved by the browser under the server's file name. */
export async function downloadDocumentPdf(body: TemplateDocumentBody): Promise<void> {
  const response = await http.post('api-template/doc-pdf', { json: body });
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameFrom(response.headers.get('content-disposition')) ?? 'Dokument.pdf';
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** POST /api-template/doc-mail (idempotent: the same key sends one mail). */
export function sendDocumentMail(body: TemplateDocumentBody, idempotencyKey: string): Promise<TemplateDocumentMailAnswer> {
  return http.post('api-template/doc-mail', { json: body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }).json<TemplateDocumentMailAnswer>();
}
