import { useCallback, useRef, useState } from 'react';
import { toErrorCode } from 'shared-kernel';
import { ERROR, type Versioned } from 'shared-kernel/contracts';

/**
 * Where a form stands with the version of its record: `current` (no conflict), `stale` (the
 * save answered 409 {error: 9}), `loading` (the current version is being loaded), `loaded`
 * (it is loaded: the form keeps the user's entries and saves against the new version), or
 * `failed` (loading it failed; `failedCode` says why, e.g. 3 when it was deleted).
 */
export type RecordVersionStatus = 'current' | 'stale' | 'loading' | 'loaded' | 'failed';

/** What {@link useRecordVersion} gives a form. */
export interface RecordVersion<R extends Versioned> {
  /** The version to send with the next save. */
  version: number;
  status: RecordVersionStatus;
  /** The error code when loading the current version failed. */
  failedCode: number | null;
  /** The record as someone else saved it (after `reload`), else null. */
  current: R | null;
  /** Fields whose stored value someone else changed (between the version the form started from and `current`). */
  changedFields: (keyof R & string)[];
  /** Feed it the error code of a failed save: true when it was a stale version (the conflict notice takes over). */
  handleSaveError(code: number): boolean;
  /** After a successful save: continue with the version the save answered. */
  saved(version: number): void;
  /** Loads the current version (the conflict notice's button); the form's values stay as typed. */
  reload(): Promise<void>;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The version side of an edit form (issue 10: no lost updates). Start it with the record the
 * form edits (as read, with `version`) and a loader of the current record. Send `version`
 * with the save; when the save answers 409 {error: 9}, show {@link ConflictNotice}: it offers
 * to load the current version, lists what someone else changed, and from then on the form
 * saves the user's entries (still in the form, never reset) against the new version.
 *
 * @example
 * const record = useRecordVersion(initial, () => getPersonalData(studentId));
 * onSubmit={async (values) => {
 *   const outcome = await submit(() => savePersonalData(studentId, values, record.version));
 *   if (outcome.ok) record.saved(outcome.value);
 *   else record.handleSaveError(outcome.code);
 * }}
 * <ConflictNotice record={record} labels={{ lastname: t('last_name') }} />
 */
export function useRecordVersion<R extends Versioned>(initial: R, load: () => Promise<R>): RecordVersion<R> {
  const [version, setVersion] = useState(initial.version);
  const [status, setStatus] = useState<RecordVersionStatus>('current');
  const [failedCode, setFailedCode] = useState<number | null>(null);
  const [current, setCurrent] = useState<R | null>(null);
  const [changedFields, setChangedFields] = useState<(keyof R & string)[]>([]);
  // The record the form's values started from (or the last version loaded): what "changed
  // meanwhile" is measured against.
  const base = useRef<R>(initial);
  const loadRef = useRef(load);
  loadRef.current = load;

  const handleSaveError = useCallback((code: number) => {
    if (code !== ERROR.staleVersion) return false;
    setStatus('stale');
    return true;
  }, []);

  const saved = useCallback((next: number) => {
    setVersion(next);
    setStatus('current');
    setCurrent(null);
    setChangedFields([]);
  }, []);

  const reload = useCallback(async () => {
    setStatus('loading');
    setFailedCode(null);
    try {
      const fresh = await loadRef.current();
      const changed = (Object.keys(fresh) as (keyof R & string)[]).filter(
        (field) => field !== 'version' && !sameValue(fresh[field], base.current[field]),
      );
      base.current = fresh;
      setCurrent(fresh);
      setChangedFields(changed);
      setVersion(fresh.version);
      setStatus('loaded');
    } catch (error) {
      setFailedCode(await toErrorCode(error));
      setStatus('failed');
    }
  }, []);

  return { version, status, failedCode, current, changedFields, handleSaveError, saved, reload };
}
