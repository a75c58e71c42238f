import DOMPurify from 'dompurify';

/**
 * The rich-text allow-list (news bodies, templates, configuration texts), the same as the
 * server's (api/src/lib/rich-text.ts, sanitize-html on save): simple text
 * formatting, lists, quotes, links (http, https, mailto) and images (our own news files or
 * https). Everything else — style, script, iframe, event handlers, javascript: and data: URLs —
 * is removed. The body is sanitised before it is put into the editor (innerHTML of a live
 * element would run `onerror` handlers) and before any preview renders it.
 */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'img'];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'src', 'alt', 'title'];
const LINK_URL = /^(?:https?:\/\/|mailto:)/i;
const IMAGE_URL = /^(?:https:\/\/|\/api-content\/news-file\?id=\d+$)/i;

/** Whether a typed link address may be used in rich text (http, https, mailto). */
export function isAllowedLinkUrl(url: string): boolean {
  return LINK_URL.test(url.trim());
}

// An own instance: hooks added here must not change how other code's DOMPurify behaves.
let purifier: ReturnType<typeof DOMPurify> | null = null;

function richTextPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  // DOMPurify allows data: URLs on <img> whatever the URI pattern says, so the URL rules are
  // enforced here, per element.
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!LINK_URL.test(href.trim())) node.removeAttribute('href');
      node.removeAttribute('target');
      node.removeAttribute('rel');
      if (node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    } else if (node.nodeName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (!IMAGE_URL.test(src.trim())) node.parentNode?.removeChild(node);
    } else {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
  });
  purifier = instance;
  return instance;
}

/**
 * Rich text reduced to the allow-list (see above); '' for empty input.
 * @example sanitizeRichHtml('<img src=x onerror=alert(1)><p>Hi</p>') // '<p>Hi</p>'
 */
export function sanitizeRichHtml(html: string | null | undefined): string {
  if (!html) return '';
  return richTextPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'form', 'svg', 'math'],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/api-content\/news-file\?id=\d+$)/i,
    RETURN_TRUSTED_TYPE: false,
  });
}
