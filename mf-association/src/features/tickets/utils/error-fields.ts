import { HTTPError } from 'shared-kernel';

/**
 * The field messages of a refused write (`{ error, fields: { sid: 'form.invalid' } }`), limited
 * to the given form fields, so the form can mark the inputs the server refused; {} otherwise.
 */
export async function refusedFields(err: unknown, formFields: readonly string[]): Promise<Record<string, string>> {
  if (!(err instanceof HTTPError)) return {};
  try {
    const body: unknown = await err.response.clone().json();
    const fields = (body as { fields?: unknown } | null)?.fields;
    if (!fields || typeof fields !== 'object') return {};
    return Object.fromEntries(
      Object.entries(fields).filter(
        (entry): entry is [string, string] => formFields.includes(entry[0]) && typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}
