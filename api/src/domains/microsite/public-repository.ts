import type { Queryable } from '../../db/index.js';
import { sortKey } from '../../lib/paged-list.js';
import { liveAt, shownOnSchool } from './shown-content.js';

/**
 * What the public microsite shows (no session: these run as system work, so every query
 * names the school itself). Only schools whose microsite is on; only content that is active,
 * published (a publish date in the past) and not expired; never hidden team members; never
 * personal data beyond what the school publishes (names, grade, roles, photo of its team).
 */

export interface PublicSchool {
  id: number;
  slug: string;
  contact_form_on: boolean;
}

/** The school behind a slug when its microsite is on. */
export async function findPublicSchool(db: Queryable, slug: string): Promise<PublicSchool | null> {
  const result = await db.query<PublicSchool>(
    'SELECT school_id AS id, slug, contact_form_on FROM school_settings WHERE slug = $1 AND microsite_on',
    [slug],
  );
  return result.rows[0] ?? null;
}

/** Active, published and not expired at `now` ($2). */
const LIVE = liveAt('$2');

export async function publicSettings(db: Queryable, schoolId: number) {
  const result = await db.query(
    `SELECT s.name, s.street, s.house_no, s.zip, s.city, s.country, s.phone, s.email,
            CASE WHEN x.hidden_gmaps THEN NULL ELSE s.lat END AS lat,
            CASE WHEN x.hidden_gmaps THEN NULL ELSE s.long END AS long,
            x.highlight_text, x.facebook_type, x.facebook_url, x.twitter_type, x.twitter_id, x.twitter_url,
            x.business_companies, x.contact_form_on, x.school_image_id IS NOT NULL AS has_school_image
       FROM school_settings x JOIN schools s ON s.id = x.school_id WHERE x.school_id = $1`,
    [schoolId],
  );
  return result.rows[0];
}

export async function publicNews(db: Queryable, schoolId: number, now: Date) {
  const result = await db.query(
    `SELECT t.content_id AS id, t.title, t.teaser, t.body, t.date_published, t.date_expired
       FROM news t
      WHERE ${shownOnSchool('news', '$1')}
        AND ${LIVE}
      ORDER BY t.date_published DESC, t.content_id DESC
      LIMIT 200`,
    [schoolId, now],
  );
  return result.rows;
}

/** Albums shown on the school's microsite, each with its images in gallery order. */
export async function publicAlbums(db: Queryable, schoolId: number, now: Date) {
  const result = await db.query<{ id: number; title: string; date_published: Date; date_expired: Date | null; images: { id: number; width: number; height: number }[] }>(
    `SELECT t.content_id AS id, t.title, t.date_published, t.date_expired,
            coalesce((SELECT json_agg(json_build_object('id', f.id, 'width', f.width, 'height', f.height) ORDER BY f.position, f.id)
                        FROM album_files f WHERE f.album_id = t.content_id), '[]'::json) AS images
       FROM albums t
      WHERE ${shownOnSchool('albums', '$1')}
        AND ${LIVE}
      ORDER BY t.date_published DESC, t.content_id DESC
      LIMIT 200`,
    [schoolId, now],
  );
  return result.rows;
}

/** An image of an album the school's microsite shows now. */
export async function publicAlbumImage(db: Queryable, schoolId: number, imageId: number, now: Date) {
  const result = await db.query<{ key: string; mime: string }>(
    `SELECT f.file_key AS key, f.mime FROM album_files f JOIN albums t ON t.content_id = f.album_id
      WHERE f.id = $3
        AND ${shownOnSchool('albums', '$1')}
        AND ${LIVE}`,
    [schoolId, now, imageId],
  );
  return result.rows[0] ?? null;
}

/** The visible team: names, grade, roles and photo id; no membership number, birth date or mail. */
export async function publicTeam(db: Queryable, schoolId: number) {
  const result = await db.query<{ firstname: string; lastname: string; grade: string | null; roles: number[]; photo: number | null }>(
    `SELECT m.firstname, m.lastname, m.grade, array_agg(r.role_id ORDER BY r.role_id) AS roles, t.photo_id AS photo
       FROM network_member_roles r
       JOIN network_members m ON m.mno = r.mno
       LEFT JOIN team_members t ON t.school_id = r.school_id AND t.mno = r.mno
      WHERE r.school_id = $1 AND NOT coalesce(t.hidden, false)
      GROUP BY m.mno, t.photo_id
      ORDER BY ${sortKey('m.lastname')}, ${sortKey('m.firstname')}, m.mno`,
    [schoolId],
  );
  return result.rows.map((row) => ({ ...row, roles: row.roles.map(Number) }));
}

/** A photo of a visible member of the school's team. */
export async function publicTeamPhoto(db: Queryable, schoolId: number, photoId: number) {
  const result = await db.query<{ key: string; mime: string }>(
    `SELECT p.file_key AS key, p.mime FROM team_photos p
       JOIN team_members t ON t.photo_id = p.id AND t.school_id = p.school_id
      WHERE p.id = $2 AND p.school_id = $1 AND NOT t.hidden
        AND EXISTS (SELECT 1 FROM network_member_roles r WHERE r.school_id = t.school_id AND r.mno = t.mno)`,
    [schoolId, photoId],
  );
  return result.rows[0] ?? null;
}

export async function publicSchoolImage(db: Queryable, schoolId: number) {
  const result = await db.query<{ key: string; mime: string }>(
    'SELECT i.file_key AS key, i.mime FROM school_settings x JOIN school_images i ON i.id = x.school_image_id WHERE x.school_id = $1',
    [schoolId],
  );
  return result.rows[0] ?? null;
}

export async function publicTimetable(db: Queryable, schoolId: number) {
  const result = await db.query(
    `SELECT id, pid, name AS n, to_char(ts, 'HH24:MI') AS ts, to_char(te, 'HH24:MI') AS te, wd, url
       FROM timetable_events WHERE school_id = $1 ORDER BY wd, ts, id`,
    [schoolId],
  );
  return result.rows;
}

/**
 * Counts one hit in a fixed window for `bucket` (in the database, so every API process
 * counts together). Answers the hits in the current window and when it ends.
 */
export async function countHit(db: Queryable, bucket: string, now: Date, windowSeconds: number): Promise<{ hits: number; resetAt: Date }> {
  const result = await db.query<{ hits: number; window_start: Date }>(
    `INSERT INTO microsite_contact_throttle AS t (bucket, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (bucket) DO UPDATE SET
       window_start = CASE WHEN t.window_start <= $2::timestamptz - make_interval(secs => $3) THEN $2 ELSE t.window_start END,
       hits = CASE WHEN t.window_start <= $2::timestamptz - make_interval(secs => $3) THEN 1 ELSE t.hits + 1 END
     RETURNING hits, window_start`,
    [bucket, now, windowSeconds],
  );
  const row = result.rows[0]!;
  return { hits: row.hits, resetAt: new Date(new Date(row.window_start).getTime() + windowSeconds * 1000) };
}

/** The lead an earlier submission with this key made, if any. */
export async function submittedLead(db: Queryable, schoolId: number, key: string): Promise<number | null> {
  const result = await db.query<{ lead_id: number }>(
    'SELECT lead_id FROM microsite_contact_submissions WHERE school_id = $1 AND submission_key = $2',
    [schoolId, key],
  );
  return result.rows[0]?.lead_id ?? null;
}

/** Microsite origin of a lead (spec 001 §3 lead_origin_id). */
export const LEAD_ORIGIN_MICROSITE = 5;

/**
 * Makes the lead of a contact submission and records its key, in the caller's transaction.
 * Null when the same key was recorded meanwhile (a concurrent double submit): the caller
 * rolls back and answers the lead recorded first.
 */
export async function insertContactLead(
  tx: Queryable,
  schoolId: number,
  form: { firstname: string; lastname: string; email: string; phone: string; message: string; submission_key: string },
): Promise<number | null> {
  const lead = await tx.query<{ id: number }>(
    `INSERT INTO leads (school_id, firstname, lastname, email, phone_regular, annotation, lead_status_id, lead_origin_id)
     VALUES ($1, $2, $3, NULLIF($4, ''), NULLIF($5, ''), $6, 1, $7) RETURNING id`,
    [schoolId, form.firstname, form.lastname, form.email, form.phone, form.message, LEAD_ORIGIN_MICROSITE],
  );
  const leadId = lead.rows[0]!.id;
  const recorded = await tx.query(
    'INSERT INTO microsite_contact_submissions (school_id, submission_key, lead_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [schoolId, form.submission_key, leadId],
  );
  return recorded.rowCount === 1 ? leadId : null;
}
