// Block ends that should become line breaks once the tags are gone.
const BLOCK_END = /<\/(p|div|li|h[1-6]|blockquote|tr)\s*>|<br\s*\/?>/gi;

/**
 * The readable text of an HTML fragment, with paragraphs and line breaks as newlines. Parsed
 * with DOMParser: its document is inert (no script runs, no image loads), and the result is
 * plain text that React renders escaped, so no markup of the source ever reaches the page.
 * @example htmlToText('<p>Hallo</p><p>Welt<img src=x onerror=alert(1)></p>') // 'Hallo\nWelt'
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  const marked = html.replace(BLOCK_END, (tag) => `${tag}\n`);
  const doc = new DOMParser().parseFromString(marked, 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
