import { useRequest, useSchoolFilter } from 'shared-kernel';
import { getContractRequests } from '../api/contract-requests.js';

/** The open requests and the schools' shipping addresses, refetched when the school filter changes. */
export function useContractRequests(enabled: boolean) {
  const { key } = useSchoolFilter();
  return useRequest((signal) => getContractRequests(signal), [key], { enabled });
}
