import { Classes } from '@blueprintjs/core';

/** Placeholder rows while a list's first rows are on their way: never a false "0" or an empty list. */
export function RowsSkeleton({ label, testId, rows = 8 }: { label: string; testId: string; rows?: number }) {
  return (
    <div className="portal-rows-skeleton" data-testid={testId} aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={Classes.SKELETON} />
      ))}
    </div>
  );
}
