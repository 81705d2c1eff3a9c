import { Callout, FormGroup, InputGroup, Menu, MenuItem } from '@blueprintjs/core';
import { COMPANY_REGISTER_QUERY_MAX, type CompanyRegisterHit } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddressesStore } from './AddressesStore';

/** The company register search box (spec §9: cut after 50 characters); it says which source it searched. */
export const RegisterSearch = observer(function RegisterSearch({ store, onTake }: { store: AddressesStore; onTake(hit: CompanyRegisterHit): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => void store.searchRegister(text), 250);
    return () => clearTimeout(timer);
  }, [text, store]);
  const register = store.register;
  return (
    <div className="portal-register-search" data-testid="register-search">
      <FormGroup label={t('addresses.register.label')} labelFor="register-search-input" helperText={t('addresses.register.cut')}>
        <InputGroup
          id="register-search-input"
          leftIcon="office"
          type="search"
          value={text}
          maxLength={COMPANY_REGISTER_QUERY_MAX}
          onValueChange={(v) => setText(v.slice(0, COMPANY_REGISTER_QUERY_MAX))}
          placeholder={t('addresses.register.placeholder')}
          data-testid="register-search-input"
        />
      </FormGroup>
      {register.source === 'address-database' ? (
        <Callout compact icon="info-sign" data-testid="register-source">
          {t('addresses.register.source')}
        </Callout>
      ) : null}
      {register.query.trim() && !register.loading && register.hits.length === 0 ? <p className="portal-muted">{t('addresses.register.noHits')}</p> : null}
      {register.hits.length ? (
        <Menu className="portal-register-hits">
          {register.hits.map((hit) => (
            <MenuItem
              key={hit.id}
              text={`${hit.name}${hit.register_number ? ` · ${hit.register_number}` : ''}`}
              label={[hit.postcode, hit.place].filter(Boolean).join(' ')}
              icon="import"
              title={t('addresses.register.take')}
              onClick={() => onTake(hit)}
            />
          ))}
        </Menu>
      ) : null}
    </div>
  );
});
