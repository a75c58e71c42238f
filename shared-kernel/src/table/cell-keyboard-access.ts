import type { SuppressKeyboardEventParams } from 'ag-grid-community';
import { useEffect, type RefObject } from 'react';

/** What a keyboard user can operate inside a cell. */
const CELL_CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

function cellControls(cell: HTMLElement): HTMLElement[] {
  // ag-grid's own row checkbox is left out: the grid toggles it with Space on the cell.
  return Array.from(cell.querySelectorAll<HTMLElement>(CELL_CONTROLS)).filter(
    (control) => !control.matches(':disabled') && !control.closest('.ag-selection-checkbox'),
  );
}

function isCell(element: Element): boolean {
  return element.classList.contains('ag-cell');
}

/**
 * Keyboard access to the links, buttons and inputs that cell renderers put into the grid.
 * ag-grid moves the focus from cell to cell (arrows, Tab) and never into a cell's content, so:
 * - Enter or F2 on a focused cell moves the focus to the cell's first control; a cell whose
 *   only control is one link or button is activated by Enter at once (Enter on a name opens it);
 * - Escape inside the cell's controls returns the focus to the cell.
 * A native capture listener on the table: ag-grid listens on its own elements below it, and
 * ignores a key event whose default is prevented. Tab, Enter and Space inside the controls are
 * kept from ag-grid by {@link keepKeysInCellContent}.
 */
export function useCellKeyboardAccess(tableRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const table = tableRef.current;
    if (!table) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.target instanceof HTMLElement)) return;
      const cell = event.target.closest<HTMLElement>('.ag-cell');
      if (!cell || !table.contains(cell)) return;
      if (event.target === cell) {
        if (event.key !== 'Enter' && event.key !== 'F2') return;
        const controls = cellControls(cell);
        if (controls.length === 0) return;
        // Prevented: ag-grid skips the key (no row click), and the control that gets the focus
        // is not activated by the same Enter.
        event.preventDefault();
        const [first] = controls;
        if (event.key === 'Enter' && controls.length === 1 && first.matches('a[href], button')) first.click();
        else first.focus();
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        cell.focus();
      }
    };
    table.addEventListener('keydown', onKeyDown, true);
    return () => table.removeEventListener('keydown', onKeyDown, true);
  }, [tableRef]);
}

/**
 * ag-grid's `suppressKeyboardEvent` for the table's columns: Tab, Shift+Tab, Enter and Space
 * typed in a control inside a cell stay with the control (the browser moves the focus or
 * activates it) instead of moving the grid's focus or toggling the row.
 */
export function keepKeysInCellContent({ event }: SuppressKeyboardEventParams): boolean {
  const target = event.target;
  if (!(target instanceof Element) || isCell(target)) return false;
  return event.key === 'Tab' || event.key === 'Enter' || event.key === ' ';
}

/** True when a key event was typed on a grid cell itself, not in a control inside it. */
export function isCellKeyEvent(event: Event | null | undefined): boolean {
  return event?.target instanceof Element && isCell(event.target);
}

/**
 * True when a click or key event comes from a control inside a cell (a link, a button, the row
 * checkbox): the control does its own thing, the row click stays out of it.
 */
export function isFromCellControl(event: Event | null | undefined): boolean {
  const target = event?.target;
  if (!(target instanceof Element)) return false;
  const control = target.closest(CELL_CONTROLS);
  return control !== null && control.closest('.ag-cell') !== null;
}
