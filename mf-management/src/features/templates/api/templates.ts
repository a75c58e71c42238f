import { http } from 'shared-kernel';
import type {
  PagedListRequest,
  PagedListResponse,
  SavedWithVersion,
  TemplateBaseData,
  TemplateData,
  TemplateForm,
  TemplateListRow,
  TemplatePreviewRequest,
  TemplatePreviewResponse,
} from 'shared-kernel/contracts';

/** POST /api-template/list: a page of the custom templates of the filtered schools. */
export function getTemplateList(request: PagedListRequest, signal?: AbortSignal): Promise<PagedListResponse<TemplateListRow>> {
  return http.post('api-template/list', { json: request, signal }).json<PagedListResponse<TemplateListRow>>();
}

/** GET /api-template/data?id: one custom template (edit and copy). */
export function getTemplate(id: number, signal?: AbortSignal): Promise<TemplateData> {
  return http.get('api-template/data', { searchParams: { id }, signal }).json<TemplateData>();
}

/** POST /api-template/data: creates a custom template (also the copy of another). */
export async function createTemplate(body: TemplateForm): Promise<void> {
  await http.post('api-template/data', { json: body });
}

/**
 * PUT /api-template/data?id: changes a custom template read with `version`; answers the next
 * version (409 {error: 9} when someone saved it meanwhile).
 */
export async function updateTemplate(id: number, body: TemplateForm, version: number): Promise<number> {
  const saved = await http.put('api-template/data', { searchParams: { id }, json: { ...body, version } }).json<SavedWithVersion>();
  return saved.version;
}

/** DELETE /api-template/data?id: removes a custom template (irreversible). */
export async function deleteTemplate(id: number): Promise<void> {
  await http.delete('api-template/data', { searchParams: { id } });
}

/** GET /api-base/core-bd: placeholders, target types and system templates (help and names). */
export function getTemplateBaseData(signal?: AbortSignal): Promise<TemplateBaseData> {
  return http.get('api-base/core-bd', { signal }).json<TemplateBaseData>();
}

/** POST /api-template/preview: subject and content with sample values, and the unknown placeholders. */
export function previewTemplate(request: TemplatePreviewRequest, signal?: AbortSignal): Promise<TemplatePreviewResponse> {
  return http.post('api-template/preview', { json: request, signal }).json<TemplatePreviewResponse>();
}
