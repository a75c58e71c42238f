/** sessionStorage key holding the time of the last reload caused by a 412 answer. */
export const RELOAD_STAMP_KEY = 'sbo.reload412';
/** A stale bundle reloads at most once in this window, so a server that keeps answering 412
 * cannot put the browser into a reload loop. */
export const RELOAD_MIN_INTERVAL_MS = 5 * 60 * 1000;

/** How the page is reloaded; tests replace `reload`. */
export const pageReloader = {
  reload: (): void => {
    window.location.reload();
  },
};

function readStamp(): number {
  try {
    const raw = window.sessionStorage.getItem(RELOAD_STAMP_KEY);
    const stamp = raw === null ? NaN : Number(raw);
    return Number.isFinite(stamp) ? stamp : 0;
  } catch {
    return 0;
  }
}

/**
 * Reloads the page because the server refuses this client version (HTTP 412), unless this tab
 * already reloaded for that reason within the last five minutes.
 * Returns whether a reload was started.
 *
 * @example
 * if (response.status === 412) reloadForNewVersion();
 */
export function reloadForNewVersion(now: number = Date.now()): boolean {
  const last = readStamp();
  if (last > 0 && now - last < RELOAD_MIN_INTERVAL_MS && now >= last) return false;
  try {
    window.sessionStorage.setItem(RELOAD_STAMP_KEY, String(now));
  } catch {
    // Without sessionStorage there is no way to remember the reload: do not risk a loop.
    return false;
  }
  pageReloader.reload();
  return true;
}
