import { canSeeMenuItem } from 'shared-kernel';
import type { AppState } from 'shared-kernel/contracts';
import { MENU_TABLE, type MenuGroup } from './menu-table.js';

/**
 * The groups and items a session sees: items by their rule, the external calendar link only
 * when configured, groups without a visible item left out.
 */
export function visibleMenu(appState: AppState | null, table: readonly MenuGroup[] = MENU_TABLE): MenuGroup[] {
  if (!appState) return [];
  return table
    .map((group) => ({
      ...group,
      items: group.items.filter(
        (entry) => canSeeMenuItem(entry.rule, appState) && (!entry.external || Boolean(appState.eventsCalendarUrl)),
      ),
    }))
    .filter((group) => group.items.length > 0);
}
