import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainTable } from 'shared-kernel';
import { ATOMS, type Atom, type RoleForm } from 'shared-kernel/contracts';
import { NS } from '../i18n.js';
import { atomMatrix, type AtomGroupRows } from '../utils/atom-matrix.js';
import styles from './roles.module.css';

const MATRIX = atomMatrix();

/** A checkbox that shows "some" (indeterminate) as well as all and none. */
function GroupCheckbox({ group, selected, disabled, onChange }: {
  group: AtomGroupRows; selected: ReadonlySet<Atom>; disabled: boolean; onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation(NS);
  const ref = useRef<HTMLInputElement>(null);
  const count = group.atoms.filter((atom) => selected.has(atom)).length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && count < group.atoms.length;
  }, [count, group.atoms.length]);
  return (
    <label className={styles.groupToggle}>
      <input
        ref={ref}
        type="checkbox"
        checked={count === group.atoms.length}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {t('roles.select_group', { group: t(`roles.group.${group.group}`) })}
    </label>
  );
}

/**
 * The role's atoms as a matrix (spec 001 §6): one table per atom group, a row per area with
 * header cells, native checkboxes for read / write / delete (/ send) — Tab moves between
 * them, Space toggles — and a "whole group" checkbox per group. Every atom of the contract
 * (ATOM_GROUPS) appears exactly once. Bound to the formik field `atoms`, kept in contract order.
 */
export function AtomMatrix({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation(NS);
  const formik = useFormikContext<RoleForm>();
  const selected = new Set(formik.values.atoms as Atom[]);

  const set = (atoms: readonly Atom[], checked: boolean) => {
    const next = new Set(selected);
    for (const atom of atoms) {
      if (checked) next.add(atom);
      else next.delete(atom);
    }
    void formik.setFieldValue('atoms', ATOMS.filter((atom) => next.has(atom)), true);
  };

  return (
    <fieldset className={styles.matrix} disabled={readOnly}>
      <legend className={styles.matrixLegend}>{t('roles.matrix')}</legend>
      <p className={styles.note}>{t('roles.matrix_hint')}</p>
      <div className={styles.groups}>
        {MATRIX.map((group) => {
          const groupName = t(`roles.group.${group.group}`);
          return (
            <section key={group.group} className={styles.groupBlock}>
              <PlainTable>
                <caption className={styles.caption}>{groupName}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('roles.area')}</th>
                    {group.columns.map((column) => (
                      <th key={column} scope="col" className={styles.checkCol}>
                        {t(`roles.column.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {group.rows.map((row) => {
                    const area = t(`roles.subject.${row.subject}`);
                    return (
                      <tr key={row.subject}>
                        <th scope="row">{area}</th>
                        {group.columns.map((column) => {
                          const atom = row.cells[column];
                          return (
                            <td key={column} className={styles.checkCol}>
                              {atom && (
                                <input
                                  type="checkbox"
                                  name="atoms"
                                  value={atom}
                                  checked={selected.has(atom)}
                                  disabled={readOnly}
                                  aria-label={t('roles.cell', { area, column: t(`roles.column.${column}`) })}
                                  onChange={(event) => set([atom], event.target.checked)}
                                />
                              )}
                            </td>
                          );
                        })}
                      </tr>
                    );
                  })}
                </tbody>
              </PlainTable>
              <GroupCheckbox group={group} selected={selected} disabled={readOnly} onChange={(checked) => set(group.atoms, checked)} />
            </section>
          );
        })}
      </div>
    </fieldset>
  );
}
