import { useEffect, type RefObject } from 'react';

/**
 * Enter on a focused grid cell activates the link or button rendered inside it. The grid moves
 * the keyboard focus from cell to cell (arrows, Tab) and never into a cell's content, so without
 * this a keyboard user could not open a student or expand a row.
 */
export function useCellEnterActivates(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const cell = ref.current?.closest<HTMLElement>('.ag-cell');
    if (!cell) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.target !== cell || !ref.current) return;
      event.preventDefault();
      ref.current.click();
    };
    cell.addEventListener('keydown', onKeyDown);
    return () => cell.removeEventListener('keydown', onKeyDown);
  }, [ref]);
}
