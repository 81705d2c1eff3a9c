import { OverlayToaster, Position, Toast } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import type { SnackbarKind } from '../../stores/UiStore';
import { useIsMobile } from '../layout/use-is-mobile';

const INTENT = { success: 'success', error: 'danger', info: 'primary' } as const satisfies Record<SnackbarKind, string>;
const ICON = { success: 'tick-circle', error: 'error', info: 'info-sign' } as const satisfies Record<SnackbarKind, string>;

/**
 * The snackbar queue (spec §4): success green, error red with an alert icon; plus the out-of-date notice.
 * From lg up they stack in the bottom-left corner, no wider than a list pane, over the list's end and
 * never over the form or the document; below lg at the top, over the app bar and the pane tabs rather than the
 * pane being worked in; each with the spec's queued timeout.
 */
export const Snackbars = observer(function Snackbars() {
  const { ui, config } = useStores();
  const { t } = useTranslation();
  const mobile = useIsMobile();
  return (
    <OverlayToaster position={mobile ? Position.TOP : Position.BOTTOM_LEFT} maxToasts={10} usePortal className="portal-snackbars">
      {config.outOfDate ? (
        <Toast
          key="out-of-date"
          intent="warning"
          icon="refresh"
          timeout={0}
          message={t('app.outOfDate')}
          action={{ text: t('app.reload'), onClick: () => window.location.reload() }}
          isCloseButtonShown={false}
        />
      ) : null}
      {ui.snackbars.map((s) => (
        <Toast
          key={s.id}
          intent={INTENT[s.kind]}
          icon={ICON[s.kind]}
          message={<span data-testid={`snackbar-${s.kind}`}>{s.message}</span>}
          timeout={s.timeout}
          action={s.action ? { text: s.action.text, onClick: s.action.run } : undefined}
          onDismiss={() => ui.dismiss(s.id)}
        />
      ))}
    </OverlayToaster>
  );
});
