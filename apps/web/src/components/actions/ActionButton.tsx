import { Button, Tooltip } from '@blueprintjs/core';
import type { ButtonProps } from '@blueprintjs/core';
import './actions.css';

export interface ActionButtonProps extends ButtonProps {
  /** Why the action cannot run now; the button is disabled and says so in a tooltip (also on keyboard focus). */
  disabledReason?: string | null;
  'data-testid'?: string;
}

/**
 * A button whose disabled state explains itself: a disabled Blueprint button gets no pointer
 * events, so the tooltip sits on a focusable wrapper that carries the reason for screen readers too.
 */
export function ActionButton({ disabledReason, disabled, ...props }: ActionButtonProps) {
  if (!disabledReason) return <Button {...props} disabled={disabled} />;
  return (
    <Tooltip content={disabledReason} placement="bottom" openOnTargetFocus>
      <span
        className="portal-why-disabled"
        tabIndex={0}
        aria-label={`${typeof props.text === 'string' ? props.text : ''} – ${disabledReason}`}
        data-disabled-reason={disabledReason}
      >
        <Button {...props} disabled tabIndex={-1} />
      </span>
    </Tooltip>
  );
}
