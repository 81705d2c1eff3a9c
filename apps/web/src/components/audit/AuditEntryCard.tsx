import { Button, Card, Classes, Tag } from '@blueprintjs/core';
import type { AuditEntry, LineageSource } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OriginTag } from '../booking-form/OriginTag';
import { LineageLines } from '../lineage/LineageLines';
import { ChangesTable } from './ChangesTable';
import { distinctChanges, userName, type UserNames } from './describe-change';

/** Changes shown before "+N more". */
const FIRST_CHANGES = 6;

function kindIntent(kind: string): 'success' | 'primary' | 'danger' | 'warning' | 'none' {
  if (kind === 'confirmed') return 'success';
  if (kind === 'booked' || kind === 'erp-status-recorded') return 'primary';
  if (kind === 'purged' || kind === 'moved-to-trash') return 'danger';
  if (kind === 'fields-edited' || kind === 'flagged') return 'warning';
  return 'none';
}

export interface AuditEntryCardProps {
  entry: AuditEntry;
  formatTime: (iso: string) => string;
  onShowAsOf: (revision: number) => void;
  loadingAsOf: boolean;
  selected: boolean;
  users: UserNames;
  /** The firm's staff may open the stored event itself; a client user sees only the words. */
  technical: boolean;
}

/**
 * One event in words: kind, time, user, client, origin and the fields it changed old → new. Revisions and
 * command ids are internal: they stay in the technical details, which only the firm's staff can open.
 */
export function AuditEntryCard({ entry, formatTime, onShowAsOf, loadingAsOf, selected, users, technical }: AuditEntryCardProps) {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  // Pages assembled in the document editor: their sources as readable lines with links, not raw fields.
  const lineage = entry.changes.find((c) => c.field === 'lineage.sources')?.new as LineageSource[] | undefined;
  const listed = distinctChanges(lineage ? entry.changes.filter((c) => !c.field.startsWith('lineage')) : entry.changes, t, i18n.language, users);
  const changes = all ? listed : listed.slice(0, FIRST_CHANGES);
  const [raw, setRaw] = useState(false);
  // A user id that is no (longer a) portal user is never shown as a bare UUID; it stays in the technical details.
  const user = entry.user.name ?? entry.user.username ?? userName(entry.user.id, t);
  return (
    <Card
      compact
      className={`portal-audit-entry ${selected ? 'portal-audit-selected' : ''}`}
      data-testid={`audit-entry-${entry.revision}`}
      data-kind={entry.kind}
    >
      <div className="portal-audit-head">
        <Tag intent={kindIntent(entry.kind)} round>
          {t(`invoices.audit.kinds.${entry.kind}`, { defaultValue: entry.kind })}
        </Tag>
        <time dateTime={entry.time}>{formatTime(entry.time)}</time>
        <span className="portal-audit-user" data-testid="audit-user" title={entry.user.id}>
          {user}
        </span>
        {entry.clientNo !== null ? <span className={Classes.TEXT_MUTED}>{t('invoices.audit.client', { client: entry.clientNo })}</span> : null}
        {entry.originCode !== null ? <OriginTag code={entry.originCode} /> : null}
        {technical ? (
          <Button
            size="small"
            variant="minimal"
            icon="code"
            onClick={() => setRaw(!raw)}
            aria-expanded={raw}
            data-testid={`audit-raw-toggle-${entry.revision}`}
          >
            {raw ? t('invoices.audit.hideTechnicalDetails') : t('invoices.audit.technicalDetails')}
          </Button>
        ) : null}
        <Button
          size="small"
          variant="outlined"
          icon="history"
          loading={loadingAsOf}
          onClick={() => onShowAsOf(entry.revision)}
          data-testid={`audit-as-of-${entry.revision}`}
        >
          {t('invoices.audit.showAsOf')}
        </Button>
      </div>
      {technical && raw ? (
        <pre className="portal-audit-raw" data-testid={`audit-raw-${entry.revision}`}>
          {JSON.stringify(entry, null, 2)}
        </pre>
      ) : null}
      {lineage ? <LineageLines sources={lineage} clientNo={entry.clientNo} /> : null}
      {listed.length ? (
        <>
          <ChangesTable changes={changes} users={users} />
          {listed.length > FIRST_CHANGES && !all ? (
            <Button variant="minimal" size="small" onClick={() => setAll(true)}>
              {t('invoices.audit.moreChanges', { count: listed.length - FIRST_CHANGES })}
            </Button>
          ) : null}
        </>
      ) : (
        <div className={Classes.TEXT_MUTED}>{t('invoices.audit.noChanges')}</div>
      )}
    </Card>
  );
}
