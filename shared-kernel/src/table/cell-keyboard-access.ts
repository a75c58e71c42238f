import { useEffect, type RefObject } from 'react';

/** What a keyboard user can operate inside a cell (and a cell made focusable for row clicks). */
const CELL_CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Controls whose own keys include the arrows: the arrows stay with them. */
const ARROW_KEEPING = 'input:not([type="checkbox"]):not([type="radio"]), select, textarea, [contenteditable="true"]';

const ARROWS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

function enabled(element: HTMLElement): boolean {
  return !element.matches(':disabled');
}

/** The first thing a keyboard user can operate in a cell: a control in it, or the cell itself. */
function focusTarget(cell: HTMLTableCellElement): HTMLElement | null {
  if (cell.matches(CELL_CONTROLS)) return cell;
  return Array.from(cell.querySelectorAll<HTMLElement>(CELL_CONTROLS)).find(enabled) ?? null;
}

/** The cell in `row` under the column `columnIndex` (cells are one column each). */
function cellAt(row: HTMLTableRowElement | undefined, columnIndex: number): HTMLTableCellElement | undefined {
  return row?.cells[columnIndex];
}

/**
 * The next cell with something to operate, from `cell` in the arrow's direction (skipping
 * cells with nothing to operate), or null at the edge of the table.
 */
function nextTarget(table: HTMLTableElement, cell: HTMLTableCellElement, key: string): HTMLElement | null {
  const row = cell.parentElement as HTMLTableRowElement;
  const rows = Array.from(table.rows);
  const rowIndex = rows.indexOf(row);
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const step = key === 'ArrowRight' ? 1 : -1;
    for (let index = cell.cellIndex + step; index >= 0 && index < row.cells.length; index += step) {
      const target = focusTarget(row.cells[index]);
      if (target) return target;
    }
    return null;
  }
  const step = key === 'ArrowDown' ? 1 : -1;
  for (let index = rowIndex + step; index >= 0 && index < rows.length; index += step) {
    const next = cellAt(rows[index], cell.cellIndex);
    const target = next ? focusTarget(next) : null;
    if (target) return target;
  }
  return null;
}

/**
 * Arrow keys between the cells of a table: links, buttons and checkboxes in cells are in the
 * tab order as anywhere else (Tab and Shift+Tab go through them); on top of that, with the focus
 * on one of them, ArrowLeft/ArrowRight move to the previous/next cell of the row that has
 * something to operate, ArrowUp/ArrowDown to the same column in the row above/below (the header
 * row included: its sort buttons and 'select all'). Text inputs and selects keep their arrows.
 * A native listener on the table, so cell renderers need nothing for it.
 */
export function useCellKeyboardAccess(tableRef: RefObject<HTMLTableElement | null>): void {
  useEffect(() => {
    const table = tableRef.current;
    if (!table) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!ARROWS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target;
      if (!(target instanceof HTMLElement) || target.matches(ARROW_KEEPING)) return;
      const cell = target.closest<HTMLTableCellElement>('td, th');
      if (!cell || cell.closest('table') !== table) return;
      const next = nextTarget(table, cell, event.key);
      if (!next) return;
      // Prevented: the page does not scroll while the focus moves.
      event.preventDefault();
      next.focus();
    };
    table.addEventListener('keydown', onKeyDown);
    return () => table.removeEventListener('keydown', onKeyDown);
  }, [tableRef]);
}

/**
 * True when a click or key event comes from a control inside a cell (a link, a button, the row
 * checkbox): the control does its own thing, the row click stays out of it.
 */
export function isFromCellControl(event: Event | { target: EventTarget | null } | null | undefined): boolean {
  const target = event?.target;
  if (!(target instanceof Element)) return false;
  const control = target.closest(CELL_CONTROLS);
  return control !== null && !control.matches('td, th') && control.closest('td, th') !== null;
}
