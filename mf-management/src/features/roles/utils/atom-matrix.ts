import { ATOM_GROUPS, type Atom, type AtomGroup } from 'shared-kernel/contracts';

/** A column of the matrix: the atom's suffix (read, write, delete, send). */
export type AtomColumn = 'r' | 'w' | 'd' | 's';

/** One row of the matrix: an area (the atom without its suffix) and its atoms by column. */
export interface AtomRow {
  subject: string;
  cells: Partial<Record<AtomColumn, Atom>>;
}

/** One group of the matrix (spec atom groups, contracts/atoms.ts) with the columns it uses. */
export interface AtomGroupRows {
  group: AtomGroup;
  columns: AtomColumn[];
  rows: AtomRow[];
  atoms: Atom[];
}

const COLUMN_ORDER: AtomColumn[] = ['r', 'w', 'd', 's'];

/**
 * The role matrix derived from ATOM_GROUPS, so every atom of the contract appears exactly
 * once: `lead_r`, `lead_w`, `lead_d` become the row "lead" with three cells.
 */
export function atomMatrix(): AtomGroupRows[] {
  return (Object.entries(ATOM_GROUPS) as [AtomGroup, readonly Atom[]][]).map(([group, atoms]) => {
    const rows: AtomRow[] = [];
    for (const atom of atoms) {
      const { subject, column } = atomParts(atom);
      let row = rows.find((candidate) => candidate.subject === subject);
      if (!row) {
        row = { subject, cells: {} };
        rows.push(row);
      }
      row.cells[column] = atom;
    }
    const columns = COLUMN_ORDER.filter((column) => rows.some((row) => row.cells[column]));
    return { group, columns, rows, atoms: [...atoms] };
  });
}

/** The area and column of an atom ('lead_d' -> { subject: 'lead', column: 'd' }). */
export function atomParts(atom: Atom): { subject: string; column: AtomColumn } {
  const cut = atom.lastIndexOf('_');
  return { subject: atom.slice(0, cut), column: atom.slice(cut + 1) as AtomColumn };
}
