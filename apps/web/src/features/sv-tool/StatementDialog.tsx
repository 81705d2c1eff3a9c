import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import type { SvToolStore } from './SvToolStore';
import { LocaleDateInput } from '../../components/inputs/LocaleDateInput';
import { firmToday } from '../../i18n/firm-calendar';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The client's PDF statement of the chosen account: period (default this year) and language. */
export const StatementDialog = observer(function StatementDialog({ store, onClose }: { store: SvToolStore; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { ui } = useStores();
  const today = firmToday();
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [lang, setLang] = useState<'de' | 'en'>(i18n.language.startsWith('en') ? 'en' : 'de');
  const [busy, setBusy] = useState(false);
  const valid = DATE.test(from) && DATE.test(to) && from <= to;
  const download = () => {
    setBusy(true);
    store
      .downloadStatement(from, to, lang)
      .then(onClose, (e: unknown) => ui.error(e))
      .finally(() => setBusy(false));
  };
  return (
    <Dialog isOpen onClose={onClose} title={t('sv-tool.statement.title')} data-testid="sv-statement-dialog">
      <DialogBody>
        <div className="portal-sv-dialog-grid">
          <FormGroup label={t('sv-tool.statement.from')} labelFor="sv-statement-from">
            <LocaleDateInput id="sv-statement-from" value={from} onChange={setFrom} data-testid="sv-statement-from" />
          </FormGroup>
          <FormGroup label={t('sv-tool.statement.to')} labelFor="sv-statement-to">
            <LocaleDateInput id="sv-statement-to" value={to} max={today} onChange={setTo} data-testid="sv-statement-to" />
          </FormGroup>
          <FormGroup label={t('sv-tool.statement.language')} labelFor="sv-statement-lang">
            <HTMLSelect
              id="sv-statement-lang"
              fill
              value={lang}
              onChange={(e) => setLang(e.currentTarget.value as 'de' | 'en')}
              options={[
                { value: 'de', label: 'Deutsch' },
                { value: 'en', label: 'English' },
              ]}
            />
          </FormGroup>
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('sv-tool.cancel')} onClick={onClose} />
            <Button
              intent="primary"
              icon="download"
              text={t('sv-tool.statement.download')}
              disabled={!valid}
              loading={busy}
              onClick={download}
              data-testid="sv-statement-download"
            />
          </>
        }
      />
    </Dialog>
  );
});
