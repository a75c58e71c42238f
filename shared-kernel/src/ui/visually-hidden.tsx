import type { CSSProperties, ReactNode } from 'react';

// Set through the style object (CSSOM), which a strict CSP allows, so it works before any
// stylesheet has loaded.
const hiddenStyle: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** Text for screen readers only (labels, live announcements). */
export function VisuallyHidden({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <span id={id} style={hiddenStyle}>
      {children}
    </span>
  );
}
