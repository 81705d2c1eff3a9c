import { OverlayToaster, Position, Toast } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import type { SnackbarKind } from '../../stores/UiStore';

const INTENT = { success: 'success', error: 'danger', info: 'primary' } as const satisfies Record<SnackbarKind, string>;
const ICON = { success: 'tick-circle', error: 'error', info: 'info-sign' } as const satisfies Record<SnackbarKind, string>;

/** The snackbar queue (spec 4): success green, error red with an alert icon; plus the out-of-date notice. */
export const Snackbars = observer(function Snackbars() {
  const { ui, config } = useStores();
  const { t } = useTranslation();
  return (
    <OverlayToaster position={Position.BOTTOM} maxToasts={10} usePortal>
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
          onDismiss={() => ui.dismiss(s.id)}
        />
      ))}
    </OverlayToaster>
  );
});
