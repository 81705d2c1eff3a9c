import { Classes, Divider, Drawer } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { ExportsStore } from './ExportsStore';
import { ExportForm } from './ExportForm';
import { ExportJobList } from './ExportJobList';

export interface ExportDrawerProps {
  store: ExportsStore;
  isOpen: boolean;
  onClose: () => void;
}

/** ERP export (exp / acc): start an export of a period, and the client's jobs with their results. */
export const ExportDrawer = observer(function ExportDrawer({ store, isOpen, onClose }: ExportDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer isOpen={isOpen} onClose={onClose} title={t('exports.title')} icon="export" size="560px" className="portal-export-drawer">
      <div className={`${Classes.DRAWER_BODY} portal-export-body`} data-testid="export-drawer">
        <ExportForm store={store} />
        <Divider />
        <ExportJobList store={store} onNavigate={onClose} />
      </div>
    </Drawer>
  );
});
