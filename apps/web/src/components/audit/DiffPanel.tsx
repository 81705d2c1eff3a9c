import { Button, Card, H5, HTMLSelect } from '@blueprintjs/core';
import type { DocumentDiff } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangesTable } from './ChangesTable';
import type { UserNames } from './describe-change';

export interface DiffPanelProps {
  revisions: number[];
  diff: DocumentDiff | null;
  onCompare: (from: number, to: number) => void;
  onClose: () => void;
  users: UserNames;
}

/** Pick two points of the timeline and show what changed between them. */
export function DiffPanel({ revisions, diff, onCompare, onClose, users }: DiffPanelProps) {
  const { t } = useTranslation();
  const last = revisions[revisions.length - 1] ?? 0;
  const [from, setFrom] = useState(revisions[0] ?? 0);
  const [to, setTo] = useState(last);
  useEffect(() => setTo(last), [last]);
  const options = revisions.map((r) => ({ value: r, label: t('invoices.audit.revision', { revision: r }) }));
  return (
    <div className="portal-diff">
      <div className="portal-diff-controls">
        <label>
          {t('invoices.audit.from')}{' '}
          <HTMLSelect value={from} options={options} onChange={(e) => setFrom(Number(e.currentTarget.value))} data-testid="diff-from" />
        </label>
        <label>
          {t('invoices.audit.to')} <HTMLSelect value={to} options={options} onChange={(e) => setTo(Number(e.currentTarget.value))} data-testid="diff-to" />
        </label>
        <Button icon="comparison" onClick={() => onCompare(from, to)} disabled={from === to} data-testid="diff-compare">
          {t('invoices.audit.compare')}
        </Button>
      </div>
      {diff ? (
        <Card compact className="portal-diff-result" data-testid="audit-diff">
          <div className="portal-as-of-head">
            <H5>{t('invoices.audit.diffTitle', { from: diff.from, to: diff.to })}</H5>
            <Button variant="minimal" icon="cross" aria-label={t('invoices.audit.close')} onClick={onClose} />
          </div>
          {diff.changes.length ? <ChangesTable changes={diff.changes} users={users} /> : <div>{t('invoices.audit.noChanges')}</div>}
        </Card>
      ) : null}
    </div>
  );
}
