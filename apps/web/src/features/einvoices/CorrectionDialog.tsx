import { AnchorButton, Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, TextArea } from '@blueprintjs/core';
import type { DocumentRecord } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { correctionRequest, mailtoOf, type RequestLanguage } from './correction-request';
import './einvoice-texts';

/** The correction request to the supplier: German or English, to copy or to open as an e-mail. */
export function CorrectionDialog({ record, isOpen, onClose }: { record: DocumentRecord; isOpen: boolean; onClose: () => void }) {
  const { ui } = useStores();
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useState<RequestLanguage>(ui.locale === 'en' ? 'en' : 'de');
  const verdict = record.einvoice_validation;
  const request = useMemo(
    () =>
      verdict
        ? correctionRequest(
            {
              invoiceNumber: record.fields.invoice_number ?? record.invoice_number,
              invoiceDate: record.fields.invoice_date ?? record.invoice_date,
              biller: record.biller_name,
              recipient: record.recipient_name,
            },
            verdict.findings,
            verdict.rulesVersion,
            language,
            i18n.getFixedT(language),
          )
        : null,
    [record, verdict, language, i18n],
  );
  if (!request) return null;
  const copy = () =>
    void (navigator.clipboard?.writeText(`${request.subject}\n\n${request.body}`) ?? Promise.reject(new Error('no clipboard'))).then(
      () => ui.success(t('einvoices.correction.copied')),
      () => ui.error(new Error(t('einvoices.correction.copyFailed'))),
    );
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('einvoices.correction.title')} className="portal-einvoice-correction">
      <DialogBody>
        <FormGroup label={t('einvoices.correction.language')} labelFor="correction-language">
          <HTMLSelect
            id="correction-language"
            value={language}
            onChange={(e) => setLanguage(e.currentTarget.value as RequestLanguage)}
            options={[
              { value: 'de', label: 'Deutsch' },
              { value: 'en', label: 'English' },
            ]}
            data-testid="correction-language"
          />
        </FormGroup>
        <FormGroup label={t('einvoices.correction.text')} labelFor="correction-text">
          <TextArea
            id="correction-text"
            readOnly
            fill
            rows={14}
            value={`${request.subject}\n\n${request.body}`}
            data-testid="correction-text"
            className="portal-einvoice-correction-text"
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('einvoices.correction.close')} onClick={onClose} />
            <AnchorButton icon="envelope" text={t('einvoices.correction.mail')} href={mailtoOf(request)} data-testid="correction-mail" />
            <Button intent="primary" icon="clipboard" text={t('einvoices.correction.copy')} onClick={copy} data-testid="correction-copy" />
          </>
        }
      />
    </Dialog>
  );
}
