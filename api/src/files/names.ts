/**
 * File names users give (uploads) and file names we send (downloads, exports). A name is
 * only ever shown or put into a header, never used as a path.
 */

const MAX_NAME = 150;

/**
 * A display name from what a browser sent: the last path segment, without control and
 * reserved characters, trimmed and shortened, ending in `.ext` (the extension of the type
 * the content really has). 'file.ext' when nothing usable is left.
 */
export function safeFileName(original: string | undefined, ext: string): string {
  const last = (original ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    // Control characters, quotes, reserved characters and text-direction overrides.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"<>:|?*\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const base = cleaned.replace(/\.[^.]{0,10}$/, '').trim().slice(0, MAX_NAME) || 'file';
  return `${base}.${ext}`;
}

/** RFC 5987 value: UTF-8 percent-encoded, also the characters encodeURIComponent leaves. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** An ASCII stand-in of a name for old clients: umlauts transliterated, the rest '_'. */
export function asciiFileName(name: string): string {
  const ascii = name
    .replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/Ä/g, 'Ae').replace(/Ö/g, 'Oe').replace(/Ü/g, 'Ue').replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._() -]/g, '_')
    .replace(/_+/g, '_')
    .trim();
  return ascii || 'file';
}

/**
 * `Content-Disposition` for a file name: `attachment; filename="<ascii>"; filename*=UTF-8''<utf8>`.
 * No quote, backslash, control character or line break can reach the header.
 */
export function contentDisposition(name: string, type: 'attachment' | 'inline' = 'attachment'): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f\\/"]/g, '').trim() || 'file';
  return `${type}; filename="${asciiFileName(clean)}"; filename*=UTF-8''${rfc5987(clean)}`;
}
