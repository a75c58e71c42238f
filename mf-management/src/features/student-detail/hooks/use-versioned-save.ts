import { useCallback } from 'react';
import type { Versioned } from 'shared-kernel/contracts';
import { useRecordVersion, type RecordVersion } from 'shared-kernel/forms';
import { useSubmitState, type SubmitOutcome } from './use-submit-state.js';

/**
 * The save of an edit form of a versioned record (issue 10: no lost updates): the kernel's
 * useRecordVersion plus this feature's submit state. `save` sends the version the form holds;
 * a stale version (409 {error: 9}) leaves the state box alone and hands over to the form's
 * ConflictNotice (the user's entries stay), a success continues with the answered version.
 *
 * @example
 * const { record, state, save } = useVersionedSave(initial, () => getPersonalData(studentId));
 * const outcome = await save((version) => savePersonalData(studentId, body, version));
 * <ConflictNotice record={record} labels={...} />
 */
export function useVersionedSave<R extends Versioned>(
  initial: R,
  load: () => Promise<R>,
): { record: RecordVersion<R>; state: number; save: (action: (version: number) => Promise<number>) => Promise<SubmitOutcome<number>> } {
  const record = useRecordVersion(initial, load);
  const { state, submit, reset } = useSubmitState();
  const { version, saved, handleSaveError } = record;
  const save = useCallback(
    async (action: (version: number) => Promise<number>) => {
      const outcome = await submit(() => action(version));
      if (outcome.ok) saved(outcome.value);
      else if (handleSaveError(outcome.code)) reset();
      return outcome;
    },
    [submit, reset, version, saved, handleSaveError],
  );
  return { record, state, save };
}
