import { screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import * as yup from 'yup';
import { MSG } from '../../contracts';
import { renderWithProviders } from '../../testing';
import { FormikForm, RichTextField, SubmitButton, type RichTextEditorHandle } from '../index';

const schema = yup.object({ content: yup.string().trim().required(MSG.required) });

function ContentForm({ onSubmit }: { onSubmit: (values: { content: string }) => void }) {
  const editor = useRef<RichTextEditorHandle>(null);
  return (
    <FormikForm<{ content: string }> initialValues={{ content: '' }} validationSchema={schema} onSubmit={onSubmit}>
      <RichTextField ref={editor} name="content" label="Inhalt" hint="Mit Platzhaltern" required />
      <button type="button" onClick={() => editor.current?.insertHtml('##school##')}>
        Platzhalter
      </button>
      <SubmitButton>Speichern</SubmitButton>
    </FormikForm>
  );
}

describe('RichTextField', () => {
  it('is named by its label, described by hint and error, and takes what the ref inserts into the formik value', async () => {
    const onSubmit = jest.fn();
    const { user } = renderWithProviders(<ContentForm onSubmit={onSubmit} />);
    const box = screen.getByRole('textbox', { name: 'Inhalt' });
    expect(box.getAttribute('aria-required')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    const described = (box.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(expect.arrayContaining(['Mit Platzhaltern', 'Pflichtfeld']));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Platzhalter' }));
    await waitFor(() => expect(box.innerHTML).toContain('##school##'));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].content).toContain('##school##');
  });
});
