import { screen, waitFor, within } from '@testing-library/react';
import * as yup from 'yup';
import { MSG, type SchoolRef } from '../../contracts';
import { renderWithProviders } from '../../testing';
import { FormikForm, SchoolChoiceField, SubmitButton } from '../index';

const SCHOOLS: SchoolRef[] = [
  { id: 1, name: 'Kampfkunstschule Wien', country: 'at' },
  { id: 3, name: 'Kampfkunstschule Graz', country: 'at' },
];
const schema = yup.object({ schools: yup.array(yup.number().required()).min(1, MSG.required).required() });

function SchoolsForm({ initial, onSubmit }: { initial: number[]; onSubmit: (values: { schools: number[] }) => void }) {
  return (
    <FormikForm<{ schools: number[] }> initialValues={{ schools: initial }} validationSchema={schema} onSubmit={onSubmit}>
      <SchoolChoiceField legend="Schulen" schools={SCHOOLS} unknownSchoolLabel={(id) => `Schule Nr. ${id}`} />
      <SubmitButton>Speichern</SubmitButton>
    </FormikForm>
  );
}

describe('SchoolChoiceField', () => {
  it('refuses an empty choice with the message described by the group, then submits the ids sorted', async () => {
    const onSubmit = jest.fn();
    const { user } = renderWithProviders(<SchoolsForm initial={[]} onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: 'Schulen' });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(group.getAttribute('aria-describedby')).toBeTruthy());
    expect(document.getElementById(group.getAttribute('aria-describedby')!)?.textContent).toBe('Pflichtfeld');
    expect(within(group).getByRole('checkbox', { name: 'Kampfkunstschule Wien' }).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(within(group).getByRole('checkbox', { name: 'Kampfkunstschule Graz' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Kampfkunstschule Wien' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].schools).toEqual([1, 3]);
  });

  it("keeps a chosen school the user does not see, listed by number, so saving does not drop it", async () => {
    const onSubmit = jest.fn();
    const { user } = renderWithProviders(<SchoolsForm initial={[7, 1]} onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: 'Schulen' });
    expect((within(group).getByRole('checkbox', { name: 'Schule Nr. 7' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(group).getByRole('checkbox', { name: 'Kampfkunstschule Wien' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].schools).toEqual([7]);
  });
});
