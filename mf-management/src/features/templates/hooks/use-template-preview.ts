import { useEffect, useState } from 'react';
import { toErrorCode } from 'shared-kernel';
import type { TemplatePreviewResponse, TemplateTargetType } from 'shared-kernel/contracts';
import { previewTemplate } from '../api/templates.js';

/** How long typing must pause before the preview is asked for. */
export const PREVIEW_DEBOUNCE_MS = 400;

/** What {@link useTemplatePreview} shows. */
export interface TemplatePreview {
  /** -1 loading, 0 shown, > 0 error code. */
  state: number;
  /** The last rendered subject and content (kept while the next one loads). */
  data: TemplatePreviewResponse['data'] | null;
  /** Placeholders the server does not know (written without the ##). */
  unknown: string[];
}

/**
 * The live preview of a template: POST /api-template/preview with the text as typed, asked
 * for once typing pauses; a request still running when the text changes again is aborted so an
 * older answer never replaces a newer one.
 */
export function useTemplatePreview(subject: string, content: string, type: TemplateTargetType | null): TemplatePreview {
  const [preview, setPreview] = useState<TemplatePreview>({ state: -1, data: null, unknown: [] });

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setPreview((previous) => ({ ...previous, state: -1 }));
      previewTemplate({ subject, content, placeholders: {}, ...(type === null ? {} : { type }) }, controller.signal).then(
        (answer) => {
          if (!controller.signal.aborted) setPreview({ state: 0, data: answer.data, unknown: answer.key });
        },
        async (error: unknown) => {
          if (controller.signal.aborted) return;
          const code = await toErrorCode(error);
          if (!controller.signal.aborted) setPreview((previous) => ({ ...previous, state: code }));
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [subject, content, type]);

  return preview;
}
