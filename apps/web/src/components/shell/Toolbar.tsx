import { Alignment, Button, InputGroup, Navbar, Tag } from '@blueprintjs/core';
import type { Company } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { useIsMobile } from '../layout/use-is-mobile';
import type { CompanyPickerProps } from './CompanyPicker';

// The picker's autocomplete (Blueprint select) loads beside the first paint, not in its bundle; until it is there
// an inert field of the same size and look holds its place.
const CompanyPicker = lazy(() => import('./CompanyPicker').then((m) => ({ default: m.CompanyPicker })));

function LazyCompanyPicker(props: CompanyPickerProps) {
  const { t } = useTranslation();
  const placeholder = (
    <InputGroup
      disabled
      leftIcon="office"
      placeholder={t('toolbar.selectCompany')}
      aria-label={t('toolbar.selectCompany')}
      fill={props.fill}
      className={props.fill ? 'portal-company-picker portal-company-picker--fill' : 'portal-company-picker'}
    />
  );
  return (
    <Suspense fallback={placeholder}>
      <CompanyPicker {...props} />
    </Suspense>
  );
}

export interface ToolbarProps {
  title: string;
  showCompanies: boolean;
  onSelectCompany: (company: Company) => void;
}

/** Menu button, brand short name plus page title, company picker (spec §2); below lg the picker gets its own full-width row. */
export const Toolbar = observer(function Toolbar({ title, showCompanies, onSelectCompany }: ToolbarProps) {
  const { ui, config } = useStores();
  const { t } = useTranslation();
  const mobile = useIsMobile();
  return (
    <Navbar className={['portal-toolbar', showCompanies && mobile ? 'portal-toolbar--two-rows' : ''].filter(Boolean).join(' ')} fixedToTop>
      <Navbar.Group align={Alignment.START}>
        <Button variant="minimal" icon="menu" aria-label={t('toolbar.menu')} title={t('toolbar.menu')} onClick={ui.openDrawer} data-testid="menu-button" />
        <Navbar.Heading className="portal-title">
          <span className="portal-brand">{config.brandShort}</span>
          {config.demo ? (
            <Tag intent="warning" className="portal-demo-marker" title={t('toolbar.demoHint')} aria-label={t('toolbar.demoHint')} data-testid="demo-marker">
              {t('toolbar.demo')}
            </Tag>
          ) : null}
          <span className="portal-page-title" data-testid="page-title">
            {title}
          </span>
        </Navbar.Heading>
      </Navbar.Group>
      {showCompanies && !mobile ? (
        <Navbar.Group align={Alignment.END}>
          <LazyCompanyPicker onSelect={onSelectCompany} />
        </Navbar.Group>
      ) : null}
      {showCompanies && mobile ? (
        <div className="portal-toolbar-picker-row">
          <LazyCompanyPicker onSelect={onSelectCompany} fill />
        </div>
      ) : null}
    </Navbar>
  );
});
