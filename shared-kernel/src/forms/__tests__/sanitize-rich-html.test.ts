import { isAllowedLinkUrl, sanitizeRichHtml } from '../sanitize-rich-html';

describe('sanitizeRichHtml', () => {
  it('keeps the allowed formatting, links and our own images', () => {
    const html =
      '<h2>Sommer</h2><p><strong>Fett</strong> <em>kursiv</em> <u>u</u></p><ul><li>eins</li></ul>' +
      '<p><a href="https://example.org/a">Link</a> <a href="mailto:info@example.org">Mail</a></p>' +
      '<p><img src="/api-content/news-file?id=12" alt="Halle"></p>';
    const clean = sanitizeRichHtml(html);
    expect(clean).toContain('<h2>Sommer</h2>');
    expect(clean).toContain('<strong>Fett</strong>');
    expect(clean).toContain('<ul><li>eins</li></ul>');
    expect(clean).toContain('<a href="https://example.org/a" target="_blank" rel="noopener noreferrer">Link</a>');
    expect(clean).toContain('href="mailto:info@example.org"');
    expect(clean).toContain('<img src="/api-content/news-file?id=12" alt="Halle">');
  });

  it('removes scripts, styles, frames, event handlers and javascript:/data: URLs', () => {
    const clean = sanitizeRichHtml(
      '<img src=x onerror=alert(1)><script>alert(2)</script><style>p{color:red}</style>' +
        '<p style="color:red" onclick="alert(3)">Text</p><a href="javascript:alert(4)">klick</a>' +
        '<a href="JaVaScRiPt&colon;alert(5)">b</a><img src="data:image/png;base64,AAAA">' +
        '<a href="data:text/html,<script>alert(6)</script>">d</a><iframe src="https://evil.example"></iframe>' +
        '<svg><script>alert(7)</script></svg><form action="https://evil.example"><input name="x"></form>',
    );
    expect(clean).not.toMatch(/script|style|onerror|onclick|javascript|data:|iframe|svg|form|input|alert/i);
    expect(clean).toContain('<p>Text</p>');
    expect(clean).toContain('<a>klick</a>');
    // Images only from https or our news files.
    expect(clean).not.toContain('<img');
  });

  it('returns an empty string for empty input', () => {
    expect(sanitizeRichHtml('')).toBe('');
    expect(sanitizeRichHtml(null)).toBe('');
  });
});

describe('isAllowedLinkUrl', () => {
  it('accepts http, https and mailto only', () => {
    expect(isAllowedLinkUrl('https://example.org')).toBe(true);
    expect(isAllowedLinkUrl('mailto:a@b.at')).toBe(true);
    expect(isAllowedLinkUrl('javascript:alert(1)')).toBe(false);
    expect(isAllowedLinkUrl('data:text/html,x')).toBe(false);
    expect(isAllowedLinkUrl('/relative')).toBe(false);
  });
});
