import { sanitizeRichText } from '../rich-text.js';

describe('sanitizeRichText', () => {
  it.each([
    ['<p onclick="x()">a</p>', '<p>a</p>'],
    ['<script>alert(1)</script>b', 'b'],
    ['<style>p{}</style><p style="color:red">c</p>', '<p>c</p>'],
    ['<iframe src="https://evil.example"></iframe>d', 'd'],
    ['<a href=" javascript:alert(1)">e</a>', '<a>e</a>'],
    ['<a href="java\tscript:alert(1)">f</a>', '<a>f</a>'],
    ['<a href="&#106;avascript:alert(1)">g</a>', '<a>g</a>'],
    ['<a href="//evil.example/x">h</a>', '<a>h</a>'],
    ['<a href="/relative">i</a>', '<a>i</a>'],
    ['<a href="https://ok.example/?a=1&amp;b=2" target="_self" rel="opener" onclick="x()">j</a>', '<a href="https://ok.example/?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">j</a>'],
    ['<IMG SRC=JaVaScRiPt:alert(1)>', ''],
    ['<img src="http://plain.example/a.png">', ''],
    ['<img src="/api-content/news-file?id=1&amp;x=javascript:alert(1)">', ''],
    ['<img src="/api-content/news-file?id=12" width="200" height="abc" onerror="x()">', '<img src="/api-content/news-file?id=12" width="200" />'],
    ['<svg><script>alert(1)</script></svg>k', 'k'],
    ['<math><mi>l</mi></math>m', 'm'],
    ['<div><span class="x">n</span></div>', 'n'],
    ['<h1>o</h1><h2>p</h2>', 'o<h2>p</h2>'],
    ['<p>q<br>r</p>', '<p>q<br />r</p>'],
  ])('%s -> %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });
});
