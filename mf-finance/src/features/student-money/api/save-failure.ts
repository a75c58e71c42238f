import { HTTPError, toErrorCode } from 'shared-kernel';
import type { ErrorBody } from 'shared-kernel/contracts';

/** Why a save failed: the catalogue code and, for a refused input, the fields the server named. */
export interface SaveFailure {
  code: number;
  /** Field name -> message key (namespace common), from a 400 answer's `fields`. */
  fields: Record<string, string>;
}

/** Reads a failed save: the code for the SubmitStateBox and the server's field messages. */
export async function readSaveFailure(error: unknown): Promise<SaveFailure> {
  const code = await toErrorCode(error);
  let fields: Record<string, string> = {};
  if (error instanceof HTTPError && error.response.status === 400) {
    try {
      const body = (await error.response.clone().json()) as Partial<ErrorBody> | null;
      if (body?.fields && typeof body.fields === 'object') {
        fields = Object.fromEntries(Object.entries(body.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      }
    } catch {
      // No JSON body: the code alone says enough.
    }
  }
  return { code, fields };
}
