import { letterheadFromConfig } from '../index.js';

describe('letterheadFromConfig', () => {
  const images: Record<number, Buffer> = { 7: Buffer.from('logo'), 8: Buffer.from('sig') };
  const loadImage = jest.fn(async (id: number) => images[id] ?? null);

  it('maps the print settings to the renderer input', async () => {
    const head = await letterheadFromConfig({
      pr_logo: 7, pr_sig: '8', pr_layout: '4', pr_city: ' Wien ', pr_sender: 'Schule · Gasse 1 · 1010 Wien',
      pr_header: '<p>Schule Süd</p><p>Gasse 1<br>1010 Wien</p>',
      pr_footer: 'Schule Süd GmbH\nFN 1\n\nIBAN AT61\nBIC BKAUATWW',
      mail_from: 'ignored@example.org',
    }, loadImage);
    expect(head).toEqual({
      layout: 4, logo: images[7], signatureImage: images[8], city: 'Wien', senderLine: 'Schule · Gasse 1 · 1010 Wien',
      headerLines: ['Schule Süd', 'Gasse 1', '1010 Wien'],
      footerColumns: [['Schule Süd GmbH', 'FN 1'], ['IBAN AT61', 'BIC BKAUATWW']],
    });
    expect(loadImage).toHaveBeenCalledWith(7);
    expect(loadImage).toHaveBeenCalledWith(8);
  });

  it('reads footer columns given as a list, and falls back for missing or odd values', async () => {
    loadImage.mockClear();
    const head = await letterheadFromConfig({ pr_footer: ['A\nB', ['C', 'D'], ''], pr_layout: 9, pr_logo: '../x', pr_sig: { id: 99 } }, loadImage);
    expect(head).toEqual({ layout: 1, logo: null, signatureImage: null, headerLines: [], footerColumns: [['A', 'B'], ['C', 'D']] });
    expect(loadImage).toHaveBeenCalledTimes(1);
    expect(loadImage).toHaveBeenCalledWith(99);
    expect(await letterheadFromConfig({}, loadImage)).toEqual({ layout: 1, logo: null, signatureImage: null, headerLines: [], footerColumns: [] });
  });
});
