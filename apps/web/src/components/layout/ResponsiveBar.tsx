import type { ReactNode } from 'react';
import './layout.css';

export interface ResponsiveBarProps {
  children: ReactNode;
  /** Accessible name when the bar is a group of controls (filters, actions). */
  label?: string;
  className?: string;
  testId?: string;
}

/**
 * A row of filters, pickers and buttons: wraps from lg up; below lg every control takes the full width
 * (pickers, selects and inputs fill; button groups stay in one line). Put a `<span className="portal-spacer" />`
 * in to push the rest to the right on desktop.
 */
export function ResponsiveBar({ children, label, className, testId }: ResponsiveBarProps) {
  return (
    <div className={['portal-bar', className].filter(Boolean).join(' ')} role={label ? 'group' : undefined} aria-label={label} data-testid={testId}>
      {children}
    </div>
  );
}
