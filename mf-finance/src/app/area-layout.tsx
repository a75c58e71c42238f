import type { ReactNode } from 'react';
import { RemoteBuildInfo } from 'shared-kernel';

/** This build's id (DefinePlugin), so a redeployed remote can be told apart. */
export const BUILD_ID: string = typeof __BUILD_ID__ !== 'undefined' ? __BUILD_ID__ : 'dev';

/** Frame of every page of this area: the page, then the small build line. */
export function AreaLayout({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <footer>
        <RemoteBuildInfo buildId={BUILD_ID} />
      </footer>
    </>
  );
}
