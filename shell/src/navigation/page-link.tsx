import type { MouseEvent, ReactNode } from 'react';
import { navigateTo } from './browser-location.js';

/**
 * A link between the sign-in screens (no react-router there): a real `<a href>` the browser
 * can open in a new tab, followed in the page with `navigateTo` on a plain click.
 */
export function PageLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks (new tab, new window, download) stay the browser's.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    navigateTo(to);
  };
  return <a href={to} className={className} onClick={follow}>{children}</a>;
}
