import { useCallback, useRef, useState } from 'react';
import { MSG, USERNAME_PATTERN } from 'shared-kernel/contracts';
import { checkUsername } from '../api/users.js';
import { NS } from '../i18n.js';

/** Where the check of the typed username stands (for the field's hint). */
export type UsernameCheckStatus = 'idle' | 'checking' | 'free';

/** What {@link useUsernameCheck} gives the user form. */
export interface UsernameCheck {
  status: UsernameCheckStatus;
  /** The message key for `username` (undefined: fine); for formik's `validate`. */
  validate: (username: string) => Promise<string | undefined>;
}

const FAILED = `${NS}:users.username_check_failed`;

/**
 * The asynchronous username check of the user form (spec 001 §5, GET /api-user/check): the
 * pattern first (no request for a name that cannot be valid), then the server: taken ->
 * 'Benutzername bereits vergeben', a failed request -> "internal server error or poor
 * connection". Answers are kept per name, so formik's validation on every keystroke asks the
 * server once per name typed. `userId` = the user being edited (his own name is not taken).
 */
export function useUsernameCheck(userId: number | undefined): UsernameCheck {
  const answers = useRef(new Map<string, Promise<string | undefined>>());
  const latest = useRef('');
  const [status, setStatus] = useState<UsernameCheckStatus>('idle');

  const validate = useCallback(
    (raw: string) => {
      const username = raw.trim();
      latest.current = username;
      if (!USERNAME_PATTERN.test(username)) {
        setStatus('idle');
        return Promise.resolve(username === '' ? undefined : MSG.username);
      }
      let answer = answers.current.get(username);
      if (!answer) {
        setStatus('checking');
        answer = checkUsername(username, userId).then(
          (result) => (!result.valid ? MSG.username : result.available ? undefined : 'form.username_taken'),
          () => {
            // A failed check is not remembered: the next keystroke or submit asks again.
            answers.current.delete(username);
            return FAILED;
          },
        );
        answers.current.set(username, answer);
      }
      return answer.then((message) => {
        if (latest.current === username) setStatus(message === undefined ? 'free' : 'idle');
        return message;
      });
    },
    [userId],
  );
  return { status, validate };
}
