import { act, screen } from '@testing-library/react';
import axe from 'axe-core';
import * as yup from 'yup';
import { MSG } from '../../contracts';
import { DateField, FormikForm, IbanField, MoneyField, SelectField, SubmitButton, TextField } from '../../forms';
import { ServerTable, useServerListController, type ServerColumn } from '../../table';
import { confirmDialog, ErrorPanel, PageHeader, toast } from '../../ui';
import { renderWithProviders } from '../index';

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(20_000);

// jsdom has no layout, so colour contrast is checked in the browser tests; everything else
// (names, roles, labels, ARIA use) is checked here.
async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, 'label-content-name-mismatch': { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

interface Row {
  id: number;
  ln: string;
}

function List() {
  const list = useServerListController<Row>({
    fetchPage: async () => ({ rows: [{ id: 1, ln: 'Huber' }, { id: 2, ln: 'Maier' }], total: 2, pages: 1 }),
  });
  const columns: ServerColumn<Row>[] = [
    { field: 'ln', header: 'Nachname', filter: { type: 'text' } },
    { field: 'id', header: 'Nummer', filter: { type: 'select', options: [{ value: 1, label: 'Eins' }] } },
  ];
  return <ServerTable controller={list} columns={columns} rowId={(r) => r.id} label="Schüler" selectable exportUrl="api-student/export" />;
}

const schema = yup.object({ ln: yup.string().required(MSG.required) });

describe('accessibility of the kernel UI (axe-core)', () => {
  it('has no violations in a page with header, list, form, toast and error panel', async () => {
    renderWithProviders(
      <main>
        <PageHeader title="Schüler" />
        <List />
        <FormikForm initialValues={{ ln: '', dob: null, amt: null, iban: '', st: null }} validationSchema={schema} onSubmit={() => undefined}>
          <TextField name="ln" label="Nachname" required />
          <DateField name="dob" label="Geburtsdatum" />
          <MoneyField name="amt" label="Betrag" />
          <IbanField name="iban" label="IBAN" />
          <SelectField name="st" label="Status" options={[{ value: 1, label: 'Aktiv' }]} />
          <SubmitButton>Speichern</SubmitButton>
        </FormikForm>
        <ErrorPanel code={3} onRetry={() => undefined} />
      </main>,
    );
    await screen.findByText('Huber');
    act(() => {
      toast.success('save_succeeded');
    });
    await act(async () => {
      await screen.getByRole('button', { name: 'Speichern' }).click();
    });
    await screen.findAllByText('Pflichtfeld');
    expect(await violations()).toEqual([]);
  });

  it('has no violations with an open confirm dialog', async () => {
    renderWithProviders(<main><p>Liste</p></main>);
    act(() => {
      void confirmDialog({ message: 'really_delete' });
    });
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(await violations()).toEqual([]);
  });
});
