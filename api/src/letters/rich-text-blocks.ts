import { sanitizeRichText } from '../lib/rich-text.js';

/** A piece of text in one style. `\n` inside is a line break (<br>). */
export interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  link?: string;
}

export type BlockKind = 'p' | 'h2' | 'h3' | 'h4' | 'li';

/** A paragraph-like unit the layout draws one after the other. */
export interface Block {
  kind: BlockKind;
  runs: Run[];
  /** Nesting of lists and quotes: the block's left indent in steps. */
  indent: number;
  /** Inside a <blockquote>. */
  quote: boolean;
  /** List items: "•" or "3.". */
  marker?: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAGS = new Set(['p', 'h2', 'h3', 'h4', 'li']);

/**
 * The content of a letter as blocks. The HTML is first reduced to the news allow-list
 * (lib/rich-text.ts: p, br, strong/b, em/i, u, s, h2–h4, ul/ol/li, blockquote, a, img), so
 * the tokenizer below only meets well-formed output of sanitize-html (quoted attributes,
 * text with &amp; &lt; &gt; &quot; encoded). Images are left out: they point at web
 * addresses, and a letter is laid out from its input alone.
 */
export function richTextBlocks(html: string): Block[] {
  const clean = sanitizeRichText(html);
  const blocks: Block[] = [];
  const style = { bold: 0, italic: 0, underline: 0, strike: 0 };
  const links: (string | undefined)[] = [];
  const lists: { ordered: boolean; count: number }[] = [];
  let quote = 0;
  let current: Block | null = null;

  const close = () => {
    if (current) {
      trimBlock(current);
      if (current.runs.length > 0 || current.marker) blocks.push(current);
    }
    current = null;
  };
  const open = (kind: BlockKind, marker?: string): Block => {
    close();
    current = { kind, runs: [], indent: lists.length + quote, quote: quote > 0, ...(marker ? { marker } : {}) };
    return current;
  };
  const append = (text: string) => {
    const block: Block = current ?? open('p');
    const link = links.length > 0 ? links[links.length - 1] : undefined;
    const run: Run = {
      text,
      bold: style.bold > 0 || block.kind !== 'p' && block.kind !== 'li',
      italic: style.italic > 0,
      underline: style.underline > 0 || link !== undefined,
      strike: style.strike > 0,
      ...(link ? { link } : {}),
    };
    const last = block.runs[block.runs.length - 1];
    if (last && sameStyle(last, run)) last.text += text;
    else block.runs.push(run);
  };

  const token = /<(\/?)([a-z0-9]+)((?:\s+[a-z-]+="[^"]*")*)\s*\/?>|([^<]+)/gi;
  for (let match = token.exec(clean); match; match = token.exec(clean)) {
    const [, slash, rawTag, attributes, rawText] = match;
    if (rawText !== undefined) {
      // HTML whitespace: any run of spaces, tabs and newlines is one space.
      const text = decodeEntities(rawText.replace(/[ \t\r\n\f]+/g, ' '));
      if (text.trim() !== '' || current) append(text);
      continue;
    }
    const tag = rawTag!.toLowerCase();
    const closing = slash === '/';
    switch (tag) {
      case 'strong': case 'b': style.bold += closing ? -1 : 1; break;
      case 'em': case 'i': style.italic += closing ? -1 : 1; break;
      case 'u': style.underline += closing ? -1 : 1; break;
      case 's': style.strike += closing ? -1 : 1; break;
      case 'a':
        if (closing) links.pop();
        else links.push(/\shref="([^"]*)"/.exec(attributes ?? '')?.[1]?.replace(/&amp;/g, '&'));
        break;
      case 'br': append('\n'); break;
      case 'ul': case 'ol':
        close();
        if (closing) lists.pop();
        else lists.push({ ordered: tag === 'ol', count: 0 });
        break;
      case 'blockquote':
        close();
        quote += closing ? -1 : 1;
        break;
      default:
        if (!BLOCK_TAGS.has(tag)) break;
        if (closing) { close(); break; }
        if (tag === 'li') {
          const list = lists[lists.length - 1];
          if (list) list.count += 1;
          open('li', list?.ordered ? `${list.count}.` : '•');
        } else {
          open(tag as BlockKind);
        }
    }
    for (const key of ['bold', 'italic', 'underline', 'strike'] as const) style[key] = Math.max(0, style[key]);
  }
  close();
  return blocks;
}

function sameStyle(a: Run, b: Run): boolean {
  return a.bold === b.bold && a.italic === b.italic && a.underline === b.underline && a.strike === b.strike && a.link === b.link;
}

/** Leading and trailing spaces of a block go (HTML collapses them); empty runs go. */
function trimBlock(block: Block): void {
  const first = block.runs[0];
  if (first) first.text = first.text.replace(/^ +/, '');
  const last = block.runs[block.runs.length - 1];
  if (last) last.text = last.text.replace(/[ \n]+$/, '');
  block.runs = block.runs.filter((run) => run.text !== '');
}
