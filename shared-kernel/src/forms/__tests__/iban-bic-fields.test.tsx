import { screen, waitFor } from '@testing-library/react';
import * as yup from 'yup';
import { MSG, bicRule, ibanRule, type IbanLookup } from '../../contracts';
import { renderWithProviders } from '../../testing';
import { FormikForm, IbanBicFields, SubmitButton } from '../index';

jest.setTimeout(20_000);

const schema = yup.object({
  iban: ibanRule().required(MSG.required),
  bic: bicRule().required(MSG.required),
  bank: yup.string().required(MSG.required),
});

interface Values {
  iban: string;
  bic: string;
  bank: string;
}

function AccountForm({ lookup, onSubmit, initial = { iban: '', bic: '', bank: '' } }: { lookup: (iban: string) => Promise<IbanLookup>; onSubmit: (v: Values) => void; initial?: Values }) {
  return (
    <FormikForm<Values> initialValues={initial} validationSchema={schema} onSubmit={(values) => onSubmit(values)}>
      <IbanBicFields ibanName="iban" ibanLabel="IBAN" bicName="bic" bicLabel="BIC" bankName="bank" bankLabel="Bank" lookup={lookup} required />
      <SubmitButton>Speichern</SubmitButton>
    </FormikForm>
  );
}

const COMMERZBANK: IbanLookup = { valid: true, bic: 'COBADEFFXXX', bank: 'Commerzbank' };

describe('IbanBicFields', () => {
  it('shows the BIC only after the lookup, fills BIC and bank from it and submits them', async () => {
    const lookup = jest.fn(async () => COMMERZBANK);
    const onSubmit = jest.fn();
    const { user } = renderWithProviders(<AccountForm lookup={lookup} onSubmit={onSubmit} />);
    expect(screen.queryByLabelText('BIC', { exact: false })).toBeNull();
    await user.type(screen.getByLabelText('IBAN', { exact: false }), 'de89 3704 0044 0532 0130 00');
    await user.tab();
    expect(lookup).toHaveBeenCalledWith('DE89370400440532013000');
    await waitFor(() => expect((screen.getByLabelText('BIC', { exact: false }) as HTMLInputElement).value).toBe('COBADEFFXXX'));
    expect((screen.getByLabelText('Bank', { exact: false }) as HTMLInputElement).value).toBe('Commerzbank');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bank: 'Commerzbank' }));
  });

  it('does not look an invalid IBAN up', async () => {
    const lookup = jest.fn(async () => COMMERZBANK);
    const { user } = renderWithProviders(<AccountForm lookup={lookup} onSubmit={jest.fn()} />);
    await user.type(screen.getByLabelText('IBAN', { exact: false }), 'DE88370400440532013000');
    await user.tab();
    expect(await screen.findByText('Ungültige IBAN')).toBeTruthy();
    expect(lookup).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('BIC', { exact: false })).toBeNull();
  });

  it('lets the user type the BIC when the bank is unknown or the lookup fails, and keeps what he typed', async () => {
    const lookup = jest.fn<Promise<IbanLookup>, [string]>(async () => ({ valid: true, bic: 'RLNWATWWXXX', bank: '' }));
    const { user } = renderWithProviders(<AccountForm lookup={lookup} onSubmit={jest.fn()} />);
    const iban = screen.getByLabelText('IBAN', { exact: false });
    await user.type(iban, 'AT483200000012345864');
    await user.tab();
    const bic = (await screen.findByLabelText('BIC', { exact: false })) as HTMLInputElement;
    await waitFor(() => expect(bic.value).toBe('RLNWATWWXXX'));
    // The Austrian directory has no bank names: the bank stays for the user to type.
    const bank = screen.getByLabelText('Bank', { exact: false }) as HTMLInputElement;
    expect(bank.value).toBe('');
    await user.type(bank, 'Raiffeisen');

    // Another IBAN whose bank is unknown: the BIC filled in before goes, the typed bank stays.
    lookup.mockResolvedValueOnce({ valid: true, bic: '', bank: '' });
    await user.clear(iban);
    await user.type(iban, 'AT611904300234573201');
    await user.tab();
    await waitFor(() => expect(bic.value).toBe(''));
    expect(bank.value).toBe('Raiffeisen');
    expect(screen.getByText('Zu dieser IBAN wurde keine Bank gefunden. Bitte die BIC selbst eintragen.')).toBeTruthy();

    // A failed call leaves the typed BIC alone.
    await user.type(bic, 'SPIHAT22XXX');
    lookup.mockRejectedValueOnce(new Error('offline'));
    await user.clear(iban);
    await user.type(iban, 'AT483200000012345864');
    await user.tab();
    await waitFor(() => expect(lookup).toHaveBeenCalledTimes(3));
    expect(bic.value).toBe('SPIHAT22XXX');
  });

  it('shows a stored BIC right away (edit)', () => {
    renderWithProviders(<AccountForm lookup={jest.fn()} onSubmit={jest.fn()} initial={{ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bank: 'Commerzbank' }} />);
    expect((screen.getByLabelText('IBAN', { exact: false }) as HTMLInputElement).value).toBe('DE89 3704 0044 0532 0130 00');
    expect((screen.getByLabelText('BIC', { exact: false }) as HTMLInputElement).value).toBe('COBADEFFXXX');
  });
});
