/**
 * The multipart body of a ticket write (spec 002 §7, contracts/tickets.ts): the form's fields
 * as JSON text in `data`, each attachment as a file part `files`. ky sets the multipart
 * Content-Type with its boundary itself when the body is a FormData.
 */
export function ticketMultipart(data: object, files: readonly File[]): FormData {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  for (const file of files) body.append('files', file, file.name);
  return body;
}
