import sanitizeHtml from 'sanitize-html';

/**
 * Server-side allow-list for rich text (microsite and association news bodies). Whatever a
 * client sends, what is stored can hold only these tags and attributes: no script, style,
 * iframe, event handler, inline style, or javascript:/data: URL. The screens sanitise again
 * before rendering (defence in depth).
 */

/** Images may come from our own news file download or from an https address. */
const IMAGE_SRC = /^(\/api-content\/news-file\?id=[1-9]\d{0,9}|https:\/\/[^\s"'<>]+)$/i;
/** Links may go to web pages or mail addresses only. */
const LINK_HREF = /^(https?:\/\/[^\s"'<>]+|mailto:[^\s"'<>]+)$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'img'],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // Dropped tags keep their text, except script/style/... whose content is dropped too.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
  parseStyleAttributes: false,
  transformTags: {
    // Attribute values arrive entity-decoded here, so "java&#x73;cript:" is caught as well.
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const safe: sanitizeHtml.Attributes = {};
      if (LINK_HREF.test(href)) {
        safe.href = href;
        safe.rel = 'noopener noreferrer';
        safe.target = '_blank';
      }
      return { tagName, attribs: safe };
    },
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const safe: sanitizeHtml.Attributes = {};
      if (IMAGE_SRC.test(src)) safe.src = src;
      if (attribs.alt) safe.alt = attribs.alt;
      for (const size of ['width', 'height'] as const) {
        if (/^\d{1,4}$/.test(attribs[size] ?? '')) safe[size] = attribs[size]!;
      }
      return { tagName, attribs: safe };
    },
  },
  // An image whose source was refused is dropped entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The rich text reduced to the allow-list (see the module comment). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
