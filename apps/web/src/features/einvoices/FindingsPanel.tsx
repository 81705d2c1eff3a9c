import { Button, Callout, Classes, H5, Tag, type Intent } from '@blueprintjs/core';
import type { DocumentRecord, EInvoiceFinding, EInvoiceSeverity } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CorrectionDialog } from './CorrectionDialog';
import type { EInvoiceFocus } from './EInvoiceFocus';
import { viewFieldsOf } from './finding-fields';
import { ValidityTag } from './ValidityTag';
import './einvoice-texts';
import './einvoices.css';

const INTENT: Record<EInvoiceSeverity, Intent> = { fatal: 'danger', warning: 'warning', information: 'primary' };
const ORDER: Record<EInvoiceSeverity, number> = { fatal: 0, warning: 1, information: 2 };
const sameFinding = (a: EInvoiceFinding | null, b: EInvoiceFinding) =>
  a !== null && a.rule === b.rule && a.location === b.location && a.message.en === b.message.en;

/**
 * The rules' findings on the document's e-invoice beside its readable view: rule id, severity, the message in the
 * UI language and the location; choosing one highlights the part of the invoice it concerns (where the view
 * shows it). With violations, one click opens the correction request to the supplier.
 */
export const FindingsPanel = observer(function FindingsPanel({
  record,
  focus,
  locale,
  showsInvoice,
}: {
  record: DocumentRecord;
  focus: EInvoiceFocus;
  locale: string;
  showsInvoice: boolean;
}) {
  const { t } = useTranslation();
  const [requesting, setRequesting] = useState(false);
  const verdict = record.einvoice_validation;
  if (!verdict) return null;
  const language = locale === 'de' ? 'de' : 'en';
  const findings = [...verdict.findings].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
  const violations = findings.some((f) => f.severity !== 'information');
  return (
    <section className="portal-einvoice-findings" aria-labelledby="einvoice-findings-title" data-testid="einvoice-findings">
      <div className="portal-einvoice-findings-head">
        <H5 id="einvoice-findings-title">{t('einvoices.findings.title')}</H5>
        <ValidityTag record={record} minimal={false} />
      </div>
      <div className={[Classes.TEXT_MUTED, Classes.TEXT_SMALL].join(' ')}>
        {t('einvoices.findings.summary', { syntax: verdict.syntax, profile: verdict.profile })}
      </div>
      {findings.length === 0 ? (
        <Callout intent="success" compact icon="tick-circle" className="portal-einvoice-none">
          {t('einvoices.findings.none')}
        </Callout>
      ) : (
        <ol className="portal-einvoice-finding-list" aria-label={t('einvoices.findings.listLabel')}>
          {findings.map((finding, i) => {
            const selected = sameFinding(focus.current, finding);
            const shown = showsInvoice && viewFieldsOf(finding).length > 0;
            return (
              <li
                key={`${finding.rule}-${finding.location}-${i}`}
                className={`portal-einvoice-finding${selected ? ' portal-einvoice-finding--selected' : ''}`}
                data-testid="einvoice-finding"
                data-rule={finding.rule}
                data-severity={finding.severity}
              >
                <div className="portal-einvoice-finding-head">
                  <Tag intent={INTENT[finding.severity]} minimal={finding.severity !== 'fatal'} className="portal-einvoice-rule">
                    {finding.rule}
                  </Tag>
                  <span className={Classes.TEXT_SMALL}>{t(`einvoices.findings.severity.${finding.severity}`)}</span>
                  {shown ? (
                    <Button
                      size="small"
                      variant="minimal"
                      icon="locate"
                      className="portal-einvoice-show"
                      aria-pressed={selected}
                      text={t('einvoices.findings.show')}
                      onClick={() => focus.select(selected ? null : finding)}
                      data-testid="einvoice-finding-show"
                    />
                  ) : null}
                </div>
                <p className="portal-einvoice-message" lang={language}>
                  {finding.message[language]}
                </p>
                <div className={[Classes.TEXT_MUTED, Classes.TEXT_SMALL, 'portal-einvoice-location'].join(' ')}>
                  {t('einvoices.findings.location')}: <code>{finding.location}</code>
                </div>
                {selected && !shown ? <div className={[Classes.TEXT_MUTED, Classes.TEXT_SMALL].join(' ')}>{t('einvoices.findings.notShown')}</div> : null}
              </li>
            );
          })}
        </ol>
      )}
      <div className={[Classes.TEXT_MUTED, Classes.TEXT_SMALL].join(' ')} data-testid="einvoice-rules-version">
        {t('einvoices.findings.rulesVersion', { version: verdict.rulesVersion })}
      </div>
      {violations ? (
        <>
          <Button
            icon="envelope"
            text={t('einvoices.correction.open')}
            onClick={() => setRequesting(true)}
            className="portal-einvoice-request"
            data-testid="einvoice-correction"
          />
          <CorrectionDialog record={record} isOpen={requesting} onClose={() => setRequesting(false)} />
        </>
      ) : null}
    </section>
  );
});
