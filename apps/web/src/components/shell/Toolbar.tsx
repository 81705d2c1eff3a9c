import { Alignment, Button, Navbar } from '@blueprintjs/core';
import type { Company } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { CompanyPicker } from './CompanyPicker';

export interface ToolbarProps {
  title: string;
  showCompanies: boolean;
  onSelectCompany: (company: Company) => void;
}

/** Menu button, brand short name plus page title, company picker (spec 2). */
export const Toolbar = observer(function Toolbar({ title, showCompanies, onSelectCompany }: ToolbarProps) {
  const { ui, config } = useStores();
  const { t } = useTranslation();
  return (
    <Navbar className="portal-toolbar" fixedToTop>
      <Navbar.Group align={Alignment.START}>
        <Button variant="minimal" icon="menu" aria-label={t('toolbar.menu')} title={t('toolbar.menu')} onClick={ui.openDrawer} data-testid="menu-button" />
        <Navbar.Heading className="portal-title">
          <span className="portal-brand">{config.brandShort}</span>
          <span className="portal-page-title" data-testid="page-title">
            {title}
          </span>
        </Navbar.Heading>
      </Navbar.Group>
      {showCompanies ? (
        <Navbar.Group align={Alignment.END}>
          <CompanyPicker onSelect={onSelectCompany} />
        </Navbar.Group>
      ) : null}
    </Navbar>
  );
});
