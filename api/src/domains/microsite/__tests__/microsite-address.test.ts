import { loadConfig } from '../../../config.js';
import { micrositeAddress } from '../settings-repository.js';

// "View microsite" on /c-settings: the configured microsite address, else the public data.
describe('microsite address', () => {
  it('fills the slug into MICROSITE_URL', () => {
    expect(micrositeAddress({ publicUrl: 'http://localhost:8080', micrositeUrl: 'https://www.schule.example/{slug}/' }, 'wien')).toBe(
      'https://www.schule.example/wien/',
    );
  });

  it('without MICROSITE_URL: the school data of the public API', () => {
    expect(micrositeAddress({ publicUrl: 'http://localhost:8080', micrositeUrl: '' }, 'graz')).toBe('http://localhost:8080/public/schools/graz/settings');
  });

  it('accepts only an http(s) address with {slug}', () => {
    expect(loadConfig({ MICROSITE_URL: 'https://{slug}.schule.example' }).micrositeUrl).toBe('https://{slug}.schule.example');
    expect(loadConfig({}).micrositeUrl).toBe('');
    expect(() => loadConfig({ MICROSITE_URL: 'https://www.schule.example/' })).toThrow(/\{slug\}/);
    expect(() => loadConfig({ MICROSITE_URL: 'javascript:{slug}' })).toThrow(/MICROSITE_URL/);
  });
});
