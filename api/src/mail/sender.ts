import { sanitizeRichText } from '../lib/rich-text.js';

/** The configuration values of a school the sender reads (keys of spec 001, category comm). */
export interface MailConfigValues {
  /** "Name <address>" or an address: who school mails come from. */
  mail_from?: unknown;
  /** Addresses every school mail is copied to (a list, or text separated by , ; or lines). */
  mail_cc?: unknown;
  mail_bcc?: unknown;
  /** The school's signature (rich text or plain text). */
  mail_sig?: unknown;
}

/** The sending user and their own settings (/api-user/settings). */
export interface MailSenderUser {
  /** "Firstname Lastname" (or the username). */
  name: string;
  email: string | null;
  /** o_ovr_mail_from: send from the user's own address. */
  ovrMailFrom: boolean;
  /** o_custom_signature + o_signature: sign with the user's own signature. */
  customSignature: boolean;
  signature: string;
}

/**
 * The sending user from the session's user and their own settings (/api-user/settings:
 * o_ovr_mail_from, o_custom_signature, o_signature).
 */
export function mailSenderUser(
  user: { firstname: string; lastname: string; username: string; email: string | null },
  settings: Record<string, unknown>,
): MailSenderUser {
  return {
    name: [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username,
    email: user.email || null,
    ovrMailFrom: settings.o_ovr_mail_from === true,
    customSignature: settings.o_custom_signature === true,
    signature: typeof settings.o_signature === 'string' ? settings.o_signature : '',
  };
}

/** From, copies and signature of a mail a user sends for a school. */
export interface ResolvedSender {
  from: string;
  cc: string[];
  bcc: string[];
  /** Sanitised rich text ('' for none). */
  signatureHtml: string;
}

const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

/** Addresses of a list value: an array or text separated by commas, semicolons or lines. */
export function addressList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[,;\n]/) : [];
  return [...new Set(items.map((item) => (typeof item === 'string' ? item.trim() : '')).filter((item) => ADDRESS.test(item)))];
}

/** "Name <address>" with the name quoted when it needs it; the bare address without a name. */
export function formatAddress(name: string, address: string): string {
  const clean = name.replace(/[\r\n<>"]/g, ' ').replace(/\s+/g, ' ').trim();
  if (!clean) return address;
  return /^[\p{L}\p{N} .'-]+$/u.test(clean) ? `${clean} <${address}>` : `"${clean}" <${address}>`;
}

/** A configured mail_from ("Name <address>" or an address) when it holds a valid address. */
function configuredFrom(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(value);
  const address = (match ? match[2] : value).trim();
  if (!ADDRESS.test(address)) return null;
  return formatAddress(match ? match[1].replace(/^"|"$/g, '') : '', address);
}

/** A signature as sanitised rich text: HTML as the news allow-list keeps it, plain text with its line breaks. */
export function signatureHtml(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) return '';
  if (/<[a-z][^>]*>/i.test(value)) return sanitizeRichText(value);
  const escaped = value.trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<p>${escaped.replace(/\r?\n/g, '<br>')}</p>`;
}

/**
 * Who a school mail comes from, its copies and signature: the school's configuration
 * (mail_from, mail_cc, mail_bcc, mail_sig), overridden by the user's own settings where they
 * chose so (the user's own address as From; their own signature). Without a
 * configured mail_from the server's MAIL_FROM (`fallbackFrom`).
 */
export function resolveSender(config: MailConfigValues, user: MailSenderUser | null, fallbackFrom: string): ResolvedSender {
  const schoolFrom = configuredFrom(config.mail_from) ?? fallbackFrom;
  const ownAddress = user?.ovrMailFrom && user.email && ADDRESS.test(user.email.trim()) ? user.email.trim() : null;
  return {
    from: ownAddress ? formatAddress(user!.name, ownAddress) : schoolFrom,
    cc: addressList(config.mail_cc),
    bcc: addressList(config.mail_bcc),
    signatureHtml: user?.customSignature && user.signature.trim() ? signatureHtml(user.signature) : signatureHtml(config.mail_sig),
  };
}

/** The body with the signature below it (one blank line apart). */
export function withSignature(html: string, signature: string): string {
  return signature ? `${html}<p><br></p>${signature}` : html;
}
