import { Button, Card, H5, HTMLSelect } from '@blueprintjs/core';
import type { DocumentDiff } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangesTable } from './ChangesTable';
import type { UserNames } from './describe-change';

/** A point of the timeline as the user knows it: its time and what happened ("29.11.2026, 14:05:12 · Bestätigt"). */
export interface TimelinePoint {
  revision: number;
  label: string;
}

export interface DiffPanelProps {
  points: TimelinePoint[];
  diff: DocumentDiff | null;
  onCompare: (from: number, to: number) => void;
  onClose: () => void;
  users: UserNames;
}

/** Pick two points of the timeline and show what changed between them. */
export function DiffPanel({ points, diff, onCompare, onClose, users }: DiffPanelProps) {
  const { t } = useTranslation();
  const revisions = points.map((p) => p.revision);
  const last = revisions[revisions.length - 1] ?? 0;
  const [from, setFrom] = useState(revisions[0] ?? 0);
  const [to, setTo] = useState(last);
  useEffect(() => setTo(last), [last]);
  const options = points.map((p) => ({ value: p.revision, label: p.label }));
  const labelOf = (revision: number) => points.find((p) => p.revision === revision)?.label ?? '';
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
            <H5>{t('invoices.audit.diffTitle', { from: labelOf(diff.from), to: labelOf(diff.to) })}</H5>
            <Button variant="minimal" icon="cross" aria-label={t('invoices.audit.close')} onClick={onClose} />
          </div>
          {diff.changes.length ? <ChangesTable changes={diff.changes} users={users} /> : <div>{t('invoices.audit.noChanges')}</div>}
        </Card>
      ) : null}
    </div>
  );
}
