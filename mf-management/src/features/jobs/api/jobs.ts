import { http } from 'shared-kernel';
import type { JobRunAnswer, JobStatus } from 'shared-kernel/contracts';

/** GET /api-base/jobs: every job's state (superadmin). */
export function getJobs(signal?: AbortSignal): Promise<JobStatus[]> {
  return http.get('api-base/jobs', { signal }).json<JobStatus[]>();
}

/** POST /api-base/jobs/run: runs a job now in one of the server processes. */
export function runJobNow(name: string): Promise<JobRunAnswer> {
  return http.post('api-base/jobs/run', { json: { name } }).json<JobRunAnswer>();
}
