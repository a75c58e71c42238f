/**
 * "Published content with a school assignment": news and albums share the rule of which
 * school's microsite shows an item (spec 002 §3 content visibility: 1 the owner school, 3 the
 * schools listed in the assignment table, 4 all schools) and when (active, published, not
 * expired). SQL fragments over the alias `t`, with the placeholders the caller names.
 */

/** The assignment table of each kind of content (visibility 3). */
const ASSIGNMENTS = {
  news: { table: 'news_schools', content: 'news_id', school: 'school_id' },
  albums: { table: 'album_schools', content: 'album_id', school: 'shown_school_id' },
} as const;

export type ShownContent = keyof typeof ASSIGNMENTS;

/**
 * The item `t` (news or albums) is shown on the school `schoolParam` ('$1'): its own with
 * visibility 1, listed for it with 3, or for all schools with 4.
 */
export function shownOnSchool(kind: ShownContent, schoolParam: string): string {
  const a = ASSIGNMENTS[kind];
  return `(t.school_id = ${schoolParam} AND t.visibility = 1 OR t.visibility = 4
             OR (t.visibility = 3 AND EXISTS (SELECT 1 FROM ${a.table} s WHERE s.${a.content} = t.content_id AND s.${a.school} = ${schoolParam})))`;
}

/** The item `t` is active, published at or before `nowParam` ('$2') and not expired then. */
export function liveAt(nowParam: string): string {
  return `t.active AND t.date_published IS NOT NULL AND t.date_published <= ${nowParam} AND (t.date_expired IS NULL OR t.date_expired > ${nowParam})`;
}
