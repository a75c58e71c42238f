import { join } from 'node:path';
import { staticPackageImports, type StaticPackageImport } from 'shared-kernel/testing';

// Issue 2's benchmark: the login page at most 200 KB of gzipped JavaScript. What the shell's
// bootstrap imports statically is loaded before the login renders; react-router (the signed-in
// app) and yup (the forms' schemas) must come later, by dynamic import.
describe('what the login page loads', () => {
  let loaded: StaticPackageImport[] = [];
  beforeAll(async () => {
    loaded = await staticPackageImports(join(__dirname, '..', '..', 'bootstrap.tsx'));
  });

  it.each(['react-router', 'yup', 'formik', 'apexcharts', 'react-apexcharts'])(
    'not %s',
    (heavy) => {
      expect(loaded.filter((p) => p.name === heavy)).toEqual([]);
    },
  );

  it('what it needs to render and sign in', () => {
    expect(loaded.map((p) => p.name)).toEqual(expect.arrayContaining(['react', 'react-dom', 'react-i18next', 'zustand', 'ky', 'i18next']));
  });
});
