import { htmlToText } from '../html-text.js';
import { addressList, resolveSender, signatureHtml, withSignature, type MailSenderUser } from '../sender.js';

const user = (overrides: Partial<MailSenderUser> = {}): MailSenderUser => ({
  name: 'Sara Sender',
  email: 'sara@example.test',
  ovrMailFrom: false,
  customSignature: false,
  signature: '',
  ...overrides,
});

describe('resolveSender: configuration or the user settings', () => {
  const config = { mail_from: 'Kampfkunst Wien <office@wien.example.test>', mail_cc: 'a@example.test; b@example.test', mail_bcc: ['c@example.test', 'kaputt'], mail_sig: '<p>Ihr Team<script>x</script></p>' };

  it('takes from, cc, bcc and signature from the configuration', () => {
    expect(resolveSender(config, user(), 'Back Office <no-reply@localhost>')).toEqual({
      from: 'Kampfkunst Wien <office@wien.example.test>',
      cc: ['a@example.test', 'b@example.test'],
      bcc: ['c@example.test'],
      signatureHtml: '<p>Ihr Team</p>',
    });
  });

  it("sends from the user's own address and signs with the own signature when the user chose so", () => {
    const resolved = resolveSender(config, user({ ovrMailFrom: true, customSignature: true, signature: 'Sara\nTrainerin <3' }), 'x@localhost');
    expect(resolved.from).toBe('Sara Sender <sara@example.test>');
    expect(resolved.signatureHtml).toBe('<p>Sara<br>Trainerin &lt;3</p>');
  });

  it('falls back to the server address without a (valid) mail_from, and quotes names that need it', () => {
    expect(resolveSender({ mail_from: 'kein Mail' }, null, 'Back Office <no-reply@localhost>').from).toBe('Back Office <no-reply@localhost>');
    expect(resolveSender({ mail_from: 'Müller, Wien <m@example.test>' }, null, 'x').from).toBe('"Müller, Wien" <m@example.test>');
    expect(resolveSender({}, user({ ovrMailFrom: true, email: null }), 'x@localhost').from).toBe('x@localhost');
  });

  it('address lists drop invalid and duplicate entries; an empty signature adds nothing', () => {
    expect(addressList('a@example.test,\n a@example.test , <evil>')).toEqual(['a@example.test']);
    expect(addressList(42)).toEqual([]);
    expect(signatureHtml('  ')).toBe('');
    expect(withSignature('<p>x</p>', '')).toBe('<p>x</p>');
    expect(withSignature('<p>x</p>', '<p>S</p>')).toBe('<p>x</p><p><br></p><p>S</p>');
  });
});

describe('htmlToText: the text part of a mail', () => {
  it('keeps paragraphs, line breaks, list items and link targets; decodes entities', () => {
    expect(htmlToText('<p>Hallo &amp; willkommen,</p><p>Zeile 1<br>Zeile 2</p><ul><li>eins</li><li>zwei</li></ul><p><a href="https://example.test/x">hier</a></p>')).toBe(
      'Hallo & willkommen,\n\nZeile 1\nZeile 2\n\n- eins\n- zwei\n\nhier (https://example.test/x)',
    );
  });
});
