import { http } from 'shared-kernel';
import { TEMPLATE_TARGET, type TemplateWidget, type TemplateWidgetItem } from 'shared-kernel/contracts';

/**
 * GET /api-template/widget?type=2&sid: the custom templates for students of the school
 * (system templates belong to their own processes and are left out of this picker).
 */
export async function getStudentTemplates(schoolId: number, signal?: AbortSignal): Promise<TemplateWidgetItem[]> {
  const widget = await http
    .get('api-template/widget', { searchParams: { type: TEMPLATE_TARGET.student, sid: schoolId }, signal })
    .json<TemplateWidget>();
  return widget.rows.filter((row) => !row.system && typeof row.base === 'number');
}
