import { useState } from 'react';
import { toErrorCode, toast } from 'shared-kernel';
import { errorKey, type TemplateDocumentBody } from 'shared-kernel/contracts';
import { useSubmissionKey } from 'shared-kernel/forms';
import { downloadDocumentPdf, sendDocumentMail } from '../api/template-document.js';
import { NS } from '../i18n.js';

/** What the document screen's buttons do: 0 on success, else the error code (a toast tells it either way). */
export function useDocumentActions() {
  const submission = useSubmissionKey();
  const [busy, setBusy] = useState<'pdf' | 'mail' | null>(null);

  const run = async (kind: 'pdf' | 'mail', action: () => Promise<string | null>): Promise<number> => {
    setBusy(kind);
    try {
      const message = await action();
      if (message) toast.success(message);
      return 0;
    } catch (error) {
      const code = await toErrorCode(error);
      toast.error(errorKey(code));
      return code;
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    pdf: (body: TemplateDocumentBody) =>
      run('pdf', async () => {
        await downloadDocumentPdf(body);
        return `${NS}:template_document.pdf_done`;
      }),
    // One key per text: a double click (or a retry after a lost answer) sends one mail; after
    // a success the next click is a new mail.
    mail: (body: TemplateDocumentBody) =>
      run('mail', async () => {
        const answer = await sendDocumentMail(body, submission.keyFor(body));
        submission.reset();
        toast.success(`${NS}:template_document.sent`, { values: { to: answer.to } });
        return null;
      }),
  };
}
