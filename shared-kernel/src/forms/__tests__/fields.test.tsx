import { screen, waitFor } from '@testing-library/react';
import * as yup from 'yup';
import { MSG, ibanRule } from '../../contracts';
import { renderWithProviders } from '../../testing';
import { hasUnsavedChanges } from '../../ui';
import {
  CheckboxField,
  DateField,
  DateTimeField,
  FormikForm,
  IbanField,
  MoneyField,
  SelectField,
  SubmitButton,
  TextField,
} from '../index';

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(20_000);

const schema = yup.object({
  ln: yup.string().required(MSG.required).max(5, MSG.tooLong),
  dob: yup.string().nullable().required(MSG.required),
  amt: yup.number().nullable().required(MSG.required),
  iban: ibanRule().required(MSG.required),
  st: yup.number().nullable().required(MSG.required),
  ok: yup.boolean().oneOf([true], MSG.required),
  at: yup.string().nullable(),
});

interface Values {
  ln: string;
  dob: string | null;
  amt: number | null;
  iban: string;
  st: number | null;
  ok: boolean;
  at: string | null;
}

const empty: Values = { ln: '', dob: null, amt: null, iban: '', st: null, ok: false, at: null };

function StudentForm({ onSubmit, onLookup, initial = empty }: { onSubmit: (v: Values) => void; onLookup?: (iban: string) => void; initial?: Values }) {
  return (
    <FormikForm<Values> initialValues={initial} validationSchema={schema} onSubmit={(values) => onSubmit(values)}>
      <TextField name="ln" label="Nachname" required />
      <DateField name="dob" label="Geburtsdatum" required />
      <MoneyField name="amt" label="Betrag" required />
      <IbanField name="iban" label="IBAN" required onLookup={onLookup} />
      <SelectField name="st" label="Status" placeholder="Bitte wählen" options={[{ value: 1, label: 'Aktiv' }, { value: 2, label: 'Gekündigt' }]} />
      <CheckboxField name="ok" label="Einverstanden" />
      <DateTimeField name="at" label="Veröffentlichen am" />
      <SubmitButton>Speichern</SubmitButton>
    </FormikForm>
  );
}

function errorOf(label: string): string | null {
  const input = screen.getByLabelText(label, { exact: false });
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length ? document.getElementById(ids[0])?.textContent ?? null : null;
}

describe('kernel form fields', () => {
  it('show translated yup messages, mark fields invalid and focus the first one on submit', async () => {
    const onSubmit = jest.fn();
    const { user } = renderWithProviders(<StudentForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(errorOf('Nachname')).toBe('Pflichtfeld'));
    expect(screen.getByLabelText('Nachname', { exact: false }).getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('Geburtsdatum')).toBe('Pflichtfeld');
    expect(errorOf('Betrag')).toBe('Pflichtfeld');
    expect(errorOf('Status')).toBe('Pflichtfeld');
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Nachname', { exact: false })));

    await user.type(screen.getByLabelText('Nachname', { exact: false }), 'Müller-Lüdenscheidt');
    await user.tab();
    await waitFor(() => expect(errorOf('Nachname')).toBe('Feldlänge überschritten'));
  });

  it('speak English when the UI is English', async () => {
    const { user } = renderWithProviders(<StudentForm onSubmit={jest.fn()} />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(errorOf('Nachname')).toBe('Required field'));
  });

  it('keep ISO dates, cents and normalised IBANs in the values', async () => {
    const onSubmit = jest.fn();
    const onLookup = jest.fn();
    const { user } = renderWithProviders(<StudentForm onSubmit={onSubmit} onLookup={onLookup} />);

    await user.type(screen.getByLabelText('Nachname', { exact: false }), 'Huber');
    const dob = screen.getByLabelText('Geburtsdatum', { exact: false }) as HTMLInputElement;
    await user.type(dob, '31.02.2016');
    await user.tab();
    await waitFor(() => expect(errorOf('Geburtsdatum')).toBe('Ungültiges Datum'));
    await user.clear(dob);
    await user.type(dob, '1.3.2016');
    await user.tab();
    expect(dob.value).toBe('01.03.2016');
    await waitFor(() => expect(errorOf('Geburtsdatum')).toBeNull());

    const amount = screen.getByLabelText('Betrag (€)', { exact: false }) as HTMLInputElement;
    await user.type(amount, '12,345');
    await user.tab();
    await waitFor(() => expect(errorOf('Betrag')).toBe('Ungültiger Betrag'));
    await user.clear(amount);
    await user.type(amount, '1.234,5');
    await user.tab();
    expect(amount.value).toBe('1234,50');

    const iban = screen.getByLabelText('IBAN', { exact: false }) as HTMLInputElement;
    await user.type(iban, 'de89 3704 0044 0532 0130 01');
    await user.tab();
    await waitFor(() => expect(errorOf('IBAN')).toBe('Ungültige IBAN'));
    expect(onLookup).not.toHaveBeenCalled();
    await user.clear(iban);
    await user.type(iban, 'de89370400440532013000');
    await user.tab();
    expect(iban.value).toBe('DE89 3704 0044 0532 0130 00');
    expect(onLookup).toHaveBeenCalledWith('DE89370400440532013000');

    await user.selectOptions(screen.getByLabelText('Status', { exact: false }), 'Gekündigt');
    await user.click(screen.getByLabelText('Einverstanden'));
    await user.type(screen.getByLabelText('Veröffentlichen am', { exact: false }), '24.12.2026 18:30');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const values = onSubmit.mock.calls[0][0] as Values;
    expect(values).toMatchObject({
      ln: 'Huber',
      dob: '2016-03-01',
      amt: 123450,
      iban: 'DE89370400440532013000',
      st: 2,
      ok: true,
    });
    expect(values.at).toMatch(/^2026-12-24T18:30:00[+-]\d{2}:\d{2}$/);
  });

  it('show stored values in display form and register unsaved changes while dirty', async () => {
    const initial: Values = { ...empty, ln: 'Huber', dob: '2016-03-01', amt: -505, iban: 'AT611904300234573201', st: 1 };
    const { user } = renderWithProviders(<StudentForm onSubmit={jest.fn()} initial={initial} />);
    expect((screen.getByLabelText('Geburtsdatum', { exact: false }) as HTMLInputElement).value).toBe('01.03.2016');
    expect((screen.getByLabelText('Betrag (€)', { exact: false }) as HTMLInputElement).value).toBe('-5,05');
    expect((screen.getByLabelText('IBAN', { exact: false }) as HTMLInputElement).value).toBe('AT61 1904 3002 3457 3201');
    expect((screen.getByLabelText('Status', { exact: false }) as HTMLSelectElement).selectedOptions[0].textContent).toBe('Aktiv');
    expect(hasUnsavedChanges()).toBe(false);
    await user.type(screen.getByLabelText('Nachname', { exact: false }), 'x');
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
  });
});
