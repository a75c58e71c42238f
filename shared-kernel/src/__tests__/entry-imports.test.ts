import { join } from 'node:path';
import { staticPackageImports } from 'shared-kernel/testing';

const SRC = join(__dirname, '..');

async function loadedAtStart(entry: string): Promise<string[]> {
  return (await staticPackageImports(join(SRC, entry))).map((p) => `${p.name} (${p.importedBy.slice(SRC.length + 1)})`);
}

// Every page loads the root entry and the login page loads the host: heavy libraries there
// would be paid by every user on the first screen (issue 2: login page <= 200 KB gzip).
describe('what the kernel entries load up front', () => {
  it('the root entry brings no router, forms, grid, charts or yup', async () => {
    const loaded = await loadedAtStart('index.ts');
    for (const heavy of ['react-router', 'formik', 'apexcharts', 'react-apexcharts', 'yup']) {
      expect(loaded.filter((p) => p.startsWith(`${heavy} `))).toEqual([]);
    }
    expect(loaded.map((p) => p.split(' ')[0])).toEqual(expect.arrayContaining(['react', 'zustand', 'ky', 'i18next']));
  });

  it('the sign-in pieces (host) bring no router and load yup only on demand', async () => {
    const loaded = await loadedAtStart('host/index.ts');
    for (const heavy of ['react-router', 'formik', 'apexcharts', 'yup']) {
      expect(loaded.filter((p) => p.startsWith(`${heavy} `))).toEqual([]);
    }
  });

  // The table is a native <table> (README, Bundles): the table entry brings no grid, form or
  // chart library, only what the kernel's root already has and the router (URL state).
  it('the table entry brings no grid, form or chart library', async () => {
    const loaded = (await loadedAtStart('table/index.ts')).map((p) => p.split(' ')[0]);
    for (const heavy of ['ag-grid-community', 'ag-grid-react', 'formik', 'apexcharts']) {
      expect(loaded).not.toContain(heavy);
    }
  });

  it('the standalone host is where the router comes in', async () => {
    expect((await loadedAtStart('standalone/index.ts')).map((p) => p.split(' ')[0])).toContain('react-router');
  });
});
