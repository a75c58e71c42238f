import sanitizeHtml from 'sanitize-html';

/**
 * The plain-text part of a mail from its (sanitised rich-text) HTML: paragraphs and headings
 * become blank-line separated blocks, <br> a line break, list items "- " lines, links
 * "text (address)"; every other tag is dropped and entities decoded.
 */
export function htmlToText(html: string): string {
  // sanitize-html's text hooks cannot add text around a tag, so the blocks are marked first.
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|h[1-6]|blockquote|ul|ol|div)>/gi, '\n\n')
    .replace(/<a\s[^>]*href="(https?:[^"]+|mailto:[^"]+)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) =>
      label.replace(/<[^>]*>/g, '').trim() === href.replace(/^mailto:/, '') ? label : `${label} (${href.replace(/^mailto:/, '')})`,
    );
  const text = sanitizeHtml(withBreaks, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe', 'template', 'svg', 'math'],
  });
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}
