import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { HistoryGuard } from './history-guard';

/** Tells the Back / Forward guard where the app stands after each in-app navigation. */
export function HistorySync({ guard }: { guard: HistoryGuard }) {
  const location = useLocation();
  useEffect(() => guard.sync(), [guard, location]);
  return null;
}
