import type { RemoteName } from 'shared-kernel';

/** Which remote serves which route prefix (the shell owns this table). */
export interface RemoteArea {
  prefix: string;
  remote: RemoteName;
}

/**
 * The route table by prefix. A more specific prefix (m-student/dun) wins over a shorter one
 * (m-student) both in the router's ranking and in `remoteForPath`.
 */
export const REMOTE_AREAS: readonly RemoteArea[] = [
  ...['m-dash', 'm-student', 'm-lead', 'm-con', 'm-conf', 'm-template', 'm-reminder', 'm-import', 'm-help'].map(
    (prefix) => ({ prefix, remote: 'management' as const }),
  ),
  { prefix: 'm-fin', remote: 'finance' },
  { prefix: 'm-student/dun', remote: 'finance' },
  ...['e-dash', 'e-document', 'e-rcc', 'e-ticket', 'e-trainer'].map((prefix) => ({ prefix, remote: 'association' as const })),
  ...['c-dash', 'c-news', 'c-album', 'c-team', 'c-settings', 'c-help', 'c-seminar', 'c-calendar'].map(
    (prefix) => ({ prefix, remote: 'content' as const }),
  ),
];

/** The area serving a path ('/m-student/dun/1' -> finance), or undefined. */
export function areaForPath(pathname: string): RemoteArea | undefined {
  const path = pathname.replace(/^\/+/, '');
  return [...REMOTE_AREAS]
    .sort((a, b) => b.prefix.length - a.prefix.length)
    .find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
}
