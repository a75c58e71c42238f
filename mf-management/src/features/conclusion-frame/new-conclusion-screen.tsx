import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useSessionStore } from 'shared-kernel';
import { NEW_CONCLUSION_FRAME_FLAG } from 'shared-kernel/contracts';
import { ConclusionFramePage } from './components/conclusion-frame-page.js';

/**
 * A conclusion form route (/m-con/{rc|lc}/:mode[/...]): with the beta flag
 * new_conclusion_frame on (spec 000 §6), a new conclusion without prefill (mode create, no
 * sid/lid) is made in the online-contracts frame; every other route shows the form (children).
 */
export function NewConclusionScreen({ children }: { children: ReactNode }) {
  const { mode, first } = useParams();
  const frame = useSessionStore((session) => session.appState?.beta[NEW_CONCLUSION_FRAME_FLAG] === true);
  return frame && mode === 'create' && first === undefined ? <ConclusionFramePage /> : <>{children}</>;
}
