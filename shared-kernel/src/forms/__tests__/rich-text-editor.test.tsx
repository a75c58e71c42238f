import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from 'shared-kernel/testing';
import { RichTextEditor } from '../rich-text-editor';

function Harness({ initial, onChange }: { initial: string; onChange: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <span id="body-label">Text</span>
      <RichTextEditor
        labelId="body-label"
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
      />
    </>
  );
}

/** Puts the caret into the first text node of `element`. */
function caretIn(element: Element) {
  const range = document.createRange();
  range.setStart(element.firstChild ?? element, 1);
  range.collapse(true);
  const selection = document.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  act(() => {
    document.dispatchEvent(new Event('selectionchange'));
  });
}

const execCommand = jest.fn((_command: string, _ui?: boolean, _value?: string) => false);

beforeAll(() => {
  // jsdom has no editing commands: record what the editor asks the browser for.
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
});
beforeEach(() => execCommand.mockClear());

describe('RichTextEditor', () => {
  it('is a labelled multi-line textbox with a toolbar that shows the format at the caret', async () => {
    const onChange = jest.fn();
    const { user } = renderWithProviders(<Harness initial="<p><strong>fett</strong> normal <em>schräg</em></p>" onChange={onChange} />);
    const box = screen.getByRole('textbox', { name: 'Text' });
    expect(box.getAttribute('aria-multiline')).toBe('true');
    expect(box.getAttribute('contenteditable')).toBe('true');
    const toolbar = screen.getByRole('toolbar', { name: 'Textformatierung' });
    const bold = within(toolbar).getByRole('button', { name: 'Fett' });
    const italic = within(toolbar).getByRole('button', { name: 'Kursiv' });
    expect(within(toolbar).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Fett', 'Kursiv', 'Aufzählung', 'Nummerierte Liste', 'Link',
    ]);

    caretIn(box.querySelector('strong')!);
    expect(bold.getAttribute('aria-pressed')).toBe('true');
    expect(italic.getAttribute('aria-pressed')).toBe('false');
    caretIn(box.querySelector('em')!);
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    expect(italic.getAttribute('aria-pressed')).toBe('true');

    await user.click(bold);
    expect(execCommand).toHaveBeenCalledWith('bold', false, undefined);
    await user.click(within(toolbar).getByRole('button', { name: 'Aufzählung' }));
    expect(execCommand).toHaveBeenCalledWith('insertUnorderedList', false, undefined);
  });

  it('is usable by keyboard: one tab stop, arrow keys in the toolbar, Alt+F10 and Escape', async () => {
    const { user } = renderWithProviders(<Harness initial="<p>Hallo</p>" onChange={jest.fn()} />);
    const box = screen.getByRole('textbox', { name: 'Text' });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fett' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Kursiv' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Link' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fett' }));
    await user.keyboard('{ArrowLeft}{ArrowLeft}{Enter}');
    expect(execCommand).toHaveBeenCalledWith('insertOrderedList', false, undefined);
    // The command returns the focus to the text; the toolbar keeps one tab stop (the last used).
    expect(document.activeElement).toBe(box);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Nummerierte Liste' }));
    await user.tab();
    expect(document.activeElement).toBe(box);
    await user.keyboard('{Alt>}{F10}{/Alt}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Nummerierte Liste' }));
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(box);
  });

  it('inserts links with http, https or mailto only (Ctrl+K)', async () => {
    const onChange = jest.fn();
    const { user } = renderWithProviders(<Harness initial="<p>Hallo</p>" onChange={onChange} />);
    const box = screen.getByRole('textbox', { name: 'Text' });
    await user.click(box);
    await user.keyboard('{Control>}k{/Control}');
    const form = screen.getByRole('group', { name: 'Link einfügen' });
    const url = within(form).getByRole('textbox', { name: 'Link-Adresse' });
    await user.clear(url);
    await user.type(url, 'javascript:alert(1){Enter}');
    expect(within(form).getByRole('alert').textContent).toContain('Nur Adressen mit https://, http:// oder mailto:');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(box.innerHTML).not.toContain('javascript');

    await user.clear(url);
    await user.type(url, 'https://example.org/camp{Enter}');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Link einfügen' })).toBeNull());
    expect(box.innerHTML).toContain('<a href="https://example.org/camp" target="_blank" rel="noopener noreferrer">https://example.org/camp</a>');
    expect(onChange).toHaveBeenLastCalledWith(box.innerHTML);

    // With the caret in the link the button shows pressed and removes the link.
    caretIn(box.querySelector('a')!);
    const link = screen.getByRole('button', { name: 'Link' });
    expect(link.getAttribute('aria-pressed')).toBe('true');
    await user.click(link);
    expect(execCommand).toHaveBeenCalledWith('unlink', false, undefined);
  });
});
