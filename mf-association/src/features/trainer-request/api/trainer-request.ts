import { IDEMPOTENCY_KEY_HEADER, http } from 'shared-kernel';
import type { TrainerRequestForm } from 'shared-kernel/contracts';

/** POST /api-request/trainer: a trainer activation request (a ticket of type 9); answers the ticket's id. */
export function createTrainerRequest(form: TrainerRequestForm, idempotencyKey: string): Promise<{ tid: number }> {
  return http
    .post('api-request/trainer', { json: form, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } })
    .json<{ tid: number }>();
}
