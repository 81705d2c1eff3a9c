import { useSyncExternalStore } from 'react';

/** Spec 9 breakpoints: mobile is below lg (1280 px). Every screen switches its layout on this one query. */
export const LG_BREAKPOINT_PX = 1280;
export const MOBILE_MEDIA_QUERY = `(max-width: ${LG_BREAKPOINT_PX - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(MOBILE_MEDIA_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const snapshot = () => window.matchMedia?.(MOBILE_MEDIA_QUERY).matches ?? false;

/** True below the spec's lg breakpoint: one column, tabs instead of side-by-side panes, tables that scroll or become cards. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
