import type { SchoolSettings, SchoolSettingsForm, SchoolSettingsListRow, TimetableEvent } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { sortKey } from '../../lib/paged-list.js';
import { updateVersioned } from '../../lib/record-version.js';

/**
 * Microsite settings and timetable of a school (spec 002 §2.19, §3, §4). Functions take the
 * transaction of `request.scoped()` (row-level security: schools in view only). A school gets
 * its settings row on first use, with a slug made from its name.
 */

/** 'Kampfkunstschule München-Schwabing' -> 'kampfkunstschule-muenchen-schwabing'. */
export function slugOf(name: string): string {
  const ascii = name
    .toLowerCase()
    .replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss')
    .normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return ascii.length >= 2 ? ascii : 'schule';
}

/** Creates the school's settings row when it has none (slug from the name; taken: with the id). */
export async function ensureSettings(tx: Queryable, schoolId: number): Promise<void> {
  const school = await tx.query<{ name: string; has: boolean }>(
    'SELECT s.name, EXISTS (SELECT 1 FROM school_settings x WHERE x.school_id = s.id) AS has FROM schools s WHERE s.id = $1',
    [schoolId],
  );
  const row = school.rows[0];
  if (!row || row.has) return;
  const base = slugOf(row.name);
  for (const slug of [base, `${base}-${schoolId}`, `schule-${schoolId}-${Date.now().toString(36)}`]) {
    // ON CONFLICT without a target: a slug another school uses is skipped like the row itself.
    const inserted = await tx.query('INSERT INTO school_settings (school_id, slug) VALUES ($1, $2) ON CONFLICT DO NOTHING', [schoolId, slug]);
    if (inserted.rowCount === 1) return;
  }
}

/**
 * Where "view microsite" leads: the configured microsite address (MICROSITE_URL with
 * `{slug}`), or else the school's public data in this server's public API.
 */
export interface MicrositeAddress {
  publicUrl: string;
  micrositeUrl: string;
}

export function micrositeAddress({ publicUrl, micrositeUrl }: MicrositeAddress, slug: string): string {
  return micrositeUrl ? micrositeUrl.replaceAll('{slug}', encodeURIComponent(slug)) : `${publicUrl}/public/schools/${slug}/settings`;
}

const TIME = (column: string) => `to_char(${column}, 'HH24:MI')`;

export async function listTimetable(tx: Queryable, schoolId: number): Promise<TimetableEvent[]> {
  const result = await tx.query<Omit<TimetableEvent, 'k'>>(
    `SELECT id, pid, name AS n, ${TIME('ts')} AS ts, ${TIME('te')} AS te, wd, url
       FROM timetable_events WHERE school_id = $1 ORDER BY wd, ts, id`,
    [schoolId],
  );
  return result.rows.map((row) => ({ ...row, k: 1 as const }));
}

/** The settings of a school in view, or null when it is not in view. */
export async function getSettings(tx: Queryable, schoolId: number, address: MicrositeAddress): Promise<SchoolSettings | null> {
  await ensureSettings(tx, schoolId);
  const result = await tx.query<
    Omit<SchoolSettings, 'tt' | 'products' | 'address' | 'school_setting_id' | 'cfh_school_image'> & {
      school_image_id: number | null;
      name: string; street: string; house_no: string; zip: string; city: string; country: string;
    }
  >(
    `SELECT x.slug, x.microsite_on, x.highlight_text, x.hidden_gmaps, x.facebook_type, x.facebook_url, x.twitter_type,
            x.twitter_id, x.twitter_url, x.business_companies, x.contact_form_on, x.contact_email, x.school_image_id, x.version,
            s.name, s.street, s.house_no, s.zip, s.city, s.country
       FROM school_settings x JOIN schools s ON s.id = x.school_id WHERE x.school_id = $1`,
    [schoolId],
  );
  const row = result.rows[0];
  if (!row) return null;
  const { school_image_id, name, street, house_no, zip, city, country, ...settings } = row;
  return {
    ...settings,
    school_setting_id: schoolId,
    cfh_school_image: school_image_id,
    tt: await listTimetable(tx, schoolId),
    products: Array.from({ length: 12 }, (_, i) => i + 1),
    address: {
      n: name, as: street, ah: house_no, az: zip, ac: city, c: country,
      msu: micrositeAddress(address, settings.slug), cs: settings.microsite_on,
    },
  };
}

/** The schools in view with their microsite name and state. */
export async function listSettingsSchools(tx: Queryable, schoolIds: readonly number[], address: MicrositeAddress): Promise<SchoolSettingsListRow[]> {
  for (const id of schoolIds) await ensureSettings(tx, id);
  const result = await tx.query<{ sid: number; n: string; slug: string; microsite_on: boolean; address_complete: boolean }>(
    `SELECT s.id AS sid, s.name AS n, x.slug, x.microsite_on, (s.street <> '' AND s.city <> '') AS address_complete
       FROM schools s JOIN school_settings x ON x.school_id = s.id
      WHERE s.id = ANY($1::int[]) ORDER BY ${sortKey('s.name')}, s.id`,
    [schoolIds],
  );
  return result.rows.map((row) => ({ ...row, msu: micrositeAddress(address, row.slug) }));
}

/**
 * Saves the settings when `version` is current (else 409) and applies the timetable's
 * markers: 6 new, 5 changed, 4 deleted, 1 unchanged. False when a changed or deleted event
 * is not the school's.
 */
export async function saveSettings(tx: Queryable, schoolId: number, form: SchoolSettingsForm): Promise<number | false> {
  await ensureSettings(tx, schoolId);
  const version = await updateVersioned(tx, {
    table: 'school_settings',
    set: `slug = $2, microsite_on = $3, highlight_text = $4, hidden_gmaps = $5, facebook_type = $6, facebook_url = $7,
          twitter_type = $8, twitter_id = $9, twitter_url = $10, business_companies = $11, contact_form_on = $12,
          contact_email = $13, updated_at = now()`,
    where: 'school_id = $1',
    params: [schoolId, form.slug, form.microsite_on, form.highlight_text, form.hidden_gmaps, form.facebook_type, form.facebook_url,
      form.twitter_type, form.twitter_id, form.twitter_url, form.business_companies, form.contact_form_on, form.contact_email],
    version: form.version,
  });
  for (const event of form.tt) {
    if (event.k === 6) {
      await tx.query('INSERT INTO timetable_events (school_id, pid, name, ts, te, wd, url) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        schoolId, event.pid, event.n, event.ts, event.te, event.wd, event.url,
      ]);
    } else if (event.k === 5 || event.k === 4) {
      if (!event.id) return false;
      const done =
        event.k === 5
          ? await tx.query(
              'UPDATE timetable_events SET pid = $3, name = $4, ts = $5, te = $6, wd = $7, url = $8, updated_at = now() WHERE id = $1 AND school_id = $2',
              [event.id, schoolId, event.pid, event.n, event.ts, event.te, event.wd, event.url],
            )
          : await tx.query('DELETE FROM timetable_events WHERE id = $1 AND school_id = $2', [event.id, schoolId]);
      if (done.rowCount !== 1) return false;
    }
  }
  return version;
}

/** Makes a stored picture the school image; answers the key of the image it replaces. */
export async function setSchoolImage(
  tx: Queryable,
  schoolId: number,
  image: { mime: string; width: number; height: number; key: string },
  userId: number,
): Promise<{ id: number; replacedKey: string | null }> {
  await ensureSettings(tx, schoolId);
  const inserted = await tx.query<{ id: number }>(
    'INSERT INTO school_images (school_id, mime, width, height, file_key, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [schoolId, image.mime, image.width, image.height, image.key, userId],
  );
  const id = inserted.rows[0]!.id;
  const previous = await tx.query<{ school_image_id: number | null }>('SELECT school_image_id FROM school_settings WHERE school_id = $1 FOR UPDATE', [schoolId]);
  await tx.query('UPDATE school_settings SET school_image_id = $2, updated_at = now() WHERE school_id = $1', [schoolId, id]);
  const oldId = previous.rows[0]?.school_image_id;
  if (!oldId) return { id, replacedKey: null };
  const removed = await tx.query<{ file_key: string }>('DELETE FROM school_images WHERE id = $1 RETURNING file_key', [oldId]);
  return { id, replacedKey: removed.rows[0]?.file_key ?? null };
}

/** The school's current image. */
export async function getSchoolImage(tx: Queryable, schoolId: number): Promise<{ key: string; mime: string } | null> {
  const result = await tx.query<{ key: string; mime: string }>(
    'SELECT i.file_key AS key, i.mime FROM school_settings x JOIN school_images i ON i.id = x.school_image_id WHERE x.school_id = $1',
    [schoolId],
  );
  return result.rows[0] ?? null;
}
