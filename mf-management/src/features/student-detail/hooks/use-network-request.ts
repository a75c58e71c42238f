import { useCallback, useState } from 'react';
import { toast, useSessionStore } from 'shared-kernel';
import type { NetworkRequestAnswer } from 'shared-kernel/contracts';
import { NS } from '../i18n.js';

/**
 * The toolbar's requests to the network (data transfer, cancellation confirmation): records
 * the request, says whether it was recorded now or was already waiting, 'op_failed' otherwise.
 */
export function useNetworkRequest() {
  const brand = useSessionStore((state) => state.appState?.brand ?? '');
  const [busy, setBusy] = useState(false);
  const send = useCallback(
    async (request: () => Promise<NetworkRequestAnswer>) => {
      setBusy(true);
      try {
        const answer = await request();
        toast.success(`${NS}:student_detail.student_toolbar.${answer.created ? 'network_recorded' : 'network_pending'}`, { values: { brand } });
      } catch {
        toast.error('op_failed');
      } finally {
        setBusy(false);
      }
    },
    [brand],
  );
  return { busy, send, brand };
}
