import { NonIdealState, Spinner } from '@blueprintjs/core';

/** Spinner with a caption: while signing in, while the backend config loads, while a route resolves. */
export function Loading({ label, testId }: { label?: string; testId?: string }) {
  return (
    <div className="portal-loading" data-testid={testId}>
      <NonIdealState icon={<Spinner size={40} />} description={label} />
    </div>
  );
}
