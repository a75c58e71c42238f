import { createContext, useContext } from 'react';
import type { SchoolOption } from '../hooks/use-school-options.js';

/** What the shared form page tells the kind's fields. */
export interface ItemFormContextValue {
  /** No finance_w, or an item that cannot be changed here: every field is disabled. */
  readOnly: boolean;
  schoolOptions: SchoolOption[];
}

export const ItemFormContext = createContext<ItemFormContextValue>({ readOnly: true, schoolOptions: [] });

/** The form page's read-only flag and school choices, for the fields inside it. */
export function useItemFormContext(): ItemFormContextValue {
  return useContext(ItemFormContext);
}
