import { useCallback } from 'react';
import type { NavigateOptions, To } from 'react-router-dom';
import { useNavigate } from 'react-router-dom';
import { useStores } from './stores-context';

/** `navigate` that asks first when the open form has unsaved changes. Use it for every in-app move. */
export function useGuardedNavigate(): (to: To, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const { ui } = useStores();
  return useCallback((to: To, options?: NavigateOptions) => ui.leave.attempt(() => void navigate(to, options)), [navigate, ui]);
}
