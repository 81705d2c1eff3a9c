import { Callout, Classes, NonIdealState, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { formatDateTime } from '../../i18n/format';
import { DocumentHistoryStore } from './DocumentHistoryStore';
import { DerivedLines } from '../lineage/LineageLines';
import { AsOfView } from './AsOfView';
import { AuditEntryCard } from './AuditEntryCard';
import { ChainStatusTag } from './ChainStatusTag';
import { DiffPanel } from './DiffPanel';
import { KindFilter } from './KindFilter';
import './audit.css';
import { useErrorText } from '../../i18n/use-error-text';

export interface AuditTimelineProps {
  documentId: number;
}

/**
 * The audit trail of one document: every event with time, user, client, kind, origin and the
 * fields it changed; a filter by kind; the hash chain as intact or broken; the document as of any
 * event; the diff between two points. Grows live as the document changes. Reusable on any screen.
 */
export const AuditTimeline = observer(function AuditTimeline({ documentId }: AuditTimelineProps) {
  const root = useStores();
  const { client, ui } = root;
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const store = useMemo(() => new DocumentHistoryStore(client, documentId), [client, documentId]);
  useEffect(() => {
    void store.load();
    return store.subscribe();
  }, [store]);
  const asOfRef = useRef<HTMLDivElement>(null);
  const asOfRevision = store.asOf?.revision;
  // The as-of view opens above the timeline: bring it into view from wherever the user clicked.
  useEffect(() => {
    if (asOfRevision !== undefined) asOfRef.current?.scrollIntoView({ block: 'start' });
  }, [asOfRevision]);
  const formatTime = (iso: string) => formatDateTime(iso, ui.locale, { seconds: true });
  const points = (store.history?.entries ?? []).map((e) => ({
    revision: e.revision,
    label: `${formatTime(e.time)} · ${t(`invoices.audit.kinds.${e.kind}`, { defaultValue: e.kind })}`,
  }));
  const timeOf = (revision: number) => points.find((p) => p.revision === revision)?.label ?? null;

  if (!store.history && store.loading) return <Spinner className="portal-audit-loading" />;
  if (!store.history) return store.error ? <Callout intent="danger">{errorOf(store.error)}</Callout> : null;

  return (
    <div className="portal-audit" data-testid="audit-timeline">
      <div className="portal-audit-bar">
        <ChainStatusTag chain={store.history.chain} timeOf={timeOf} />
        <span className={Classes.TEXT_MUTED} data-testid="audit-count">
          {t('invoices.audit.events', { count: store.history.entries.length })}
        </span>
      </div>
      <KindFilter kinds={store.availableKinds} selected={store.kinds} onToggle={store.toggleKind} onClear={store.clearKinds} />
      <DiffPanel points={points} diff={store.diff} onCompare={(a, b) => void store.compare(a, b)} onClose={store.closeDiff} users={store.userNames} />
      {store.error ? <Callout intent="danger">{errorOf(store.error)}</Callout> : null}
      <div ref={asOfRef} className="portal-as-of-anchor">
        {store.asOf ? <AsOfView asOf={store.asOf} locale={ui.locale} formatTime={formatTime} timeOf={timeOf} onClose={store.closeAsOf} /> : null}
      </div>
      {store.history.derived?.length ? <DerivedLines derived={store.history.derived} clientNo={store.history.entries[0]?.clientNo ?? null} /> : null}
      {store.entries.length === 0 ? <NonIdealState icon="filter" title={t('invoices.audit.empty')} /> : null}
      <ol className="portal-audit-list">
        {[...store.entries].reverse().map((entry) => (
          <li key={entry.revision}>
            <AuditEntryCard
              entry={entry}
              formatTime={formatTime}
              onShowAsOf={(r) => void store.showAsOf(r)}
              loadingAsOf={store.asOfLoading === entry.revision}
              selected={store.asOf?.revision === entry.revision}
              users={store.userNames}
              technical={root.session.has('app')}
            />
          </li>
        ))}
      </ol>
    </div>
  );
});
