import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';

/** One tab of {@link Tabs}. */
export interface TabItem<T extends string> {
  id: T;
  /** The tab's text (already translated). */
  label: ReactNode;
}

/** Props of {@link Tabs}. */
export interface TabsProps<T extends string> {
  tabs: readonly TabItem<T>[];
  /** The open tab (keep it in the URL so a reload or a link opens the same tab). */
  current: T;
  onSelect: (tab: T) => void;
  /** Accessible name of the tab list (already translated). */
  label: string;
  /** The content of a tab. */
  renderPanel: (tab: T) => ReactNode;
  /**
   * 'opened' (default): a panel is mounted when first opened and then kept (hidden) while
   * another tab shows, so half-typed input survives; 'all': every panel is mounted from the
   * start (e.g. all tabs are parts of one form that validates them together).
   */
  mount?: 'opened' | 'all';
}

/**
 * WAI-ARIA tabs (role tablist/tab/tabpanel): Arrow Left/Right, Home and End move between the
 * tabs and open them (automatic activation); only the open tab is in the Tab order.
 * @example
 * <Tabs label={t('settings.tabs')} tabs={[{ id: 'general', label: t('general') }]} current={tab}
 *   onSelect={setTab} renderPanel={(id) => <GeneralTab />} />
 */
export function Tabs<T extends string>({ tabs, current, onSelect, label, renderPanel, mount = 'opened' }: TabsProps<T>) {
  const baseId = useId();
  const [opened, setOpened] = useState<T[]>([current]);
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());
  const ids = tabs.map((tab) => tab.id);

  useEffect(() => {
    setOpened((list) => (list.includes(current) ? list : [...list, current]));
  }, [current]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // From the tab that has the focus: a second key press may come before the selection
    // (kept in the URL by the caller) has re-rendered.
    const focused = ids.find((id) => tabRefs.current.get(id) === document.activeElement) ?? current;
    const index = ids.indexOf(focused);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % ids.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + ids.length) % ids.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = ids.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = ids[next];
    onSelect(tab);
    tabRefs.current.get(tab)?.focus();
  };

  const tabId = (tab: T) => `${baseId}-tab-${tab}`;
  const panelId = (tab: T) => `${baseId}-panel-${tab}`;

  return (
    <>
      <div role="tablist" aria-label={label} className={styles.tablist} onKeyDown={onKeyDown}>
        {tabs.map(({ id, label: text }) => {
          const selected = id === current;
          return (
            <button
              key={id}
              ref={(element) => {
                if (element) tabRefs.current.set(id, element);
                else tabRefs.current.delete(id);
              }}
              type="button"
              role="tab"
              id={tabId(id)}
              aria-selected={selected}
              aria-controls={panelId(id)}
              tabIndex={selected ? 0 : -1}
              className={selected ? `${styles.tab} ${styles.selected}` : styles.tab}
              onClick={() => onSelect(id)}
            >
              {text}
            </button>
          );
        })}
      </div>
      {ids
        .filter((id) => mount === 'all' || id === current || opened.includes(id))
        .map((id) => (
          <div key={id} role="tabpanel" id={panelId(id)} aria-labelledby={tabId(id)} hidden={id !== current} tabIndex={0} className={styles.panel}>
            {renderPanel(id)}
          </div>
        ))}
    </>
  );
}
