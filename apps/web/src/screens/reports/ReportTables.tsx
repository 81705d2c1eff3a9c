import { HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import type { ExportsReport, PartiesReport, ProcessingReport, ReportLineChange, VatReport } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatAmount, formatDateTime, formatNumber } from '../../i18n/format';
import { BarChart } from './BarChart';

type L = { locale: string };
const money = (n: number | null, locale: string) => formatAmount(n, 'EUR', locale);

export function VatView({ body, locale, client }: L & { body: VatReport; client: number }) {
  const { t } = useTranslation();
  return (
    <div className="portal-report-body" data-testid="report-vat">
      <div className="portal-report-grid">
        <section>
          <h3>{t('reports.codes')} ({t(`reports.countries.${body.country}`)})</h3>
          <HTMLTable compact striped className="portal-table" data-testid="vat-codes">
            <thead><tr><th>{t('reports.code')}</th><th>{t('reports.meaning')}</th><th className="portal-num">{t('reports.amount')}</th></tr></thead>
            <tbody>
              {body.codes.map((c) => (
                <tr key={c.code} data-testid={`vat-code-${c.code}`}><td><strong>{c.code}</strong></td><td>{c.label}</td><td className="portal-num">{money(c.amount, locale)}</td></tr>
              ))}
            </tbody>
          </HTMLTable>
        </section>
        <section>
          <BarChart title={t('reports.perRate')} series={[t('reports.net'), t('reports.tax')]} bars={body.rows.map((r) => ({ label: `${r.direction === 'output' ? '↑' : '↓'} ${formatNumber(r.rate, locale, 1)} %`, values: [r.net, r.tax] }))} format={(n) => money(n, locale)} />
        </section>
      </div>
      <h3>{t('reports.perRate')}</h3>
      <div className="portal-scroll-x">
        <HTMLTable compact striped className="portal-table" data-testid="vat-rows">
          <thead><tr><th>{t('reports.direction')}</th><th className="portal-num">{t('reports.rate')}</th><th className="portal-num">{t('reports.count')}</th><th className="portal-num">{t('reports.net')}</th><th className="portal-num">{t('reports.tax')}</th><th className="portal-num">{t('reports.gross')}</th></tr></thead>
          <tbody>
            {body.rows.map((r) => (
              <tr key={`${r.direction}-${r.rate}`}><td>{t(`reports.${r.direction}`)}</td><td className="portal-num">{formatNumber(r.rate, locale, 1)} %</td><td className="portal-num">{r.count}</td><td className="portal-num">{money(r.net, locale)}</td><td className="portal-num">{money(r.tax, locale)}</td><td className="portal-num">{money(r.gross, locale)}</td></tr>
            ))}
            {body.rows.length === 0 ? <tr><td colSpan={6}>{t('reports.none')}</td></tr> : null}
          </tbody>
        </HTMLTable>
      </div>
      <h3>{t('reports.problems')} <Tag round intent={body.problems.length ? 'warning' : 'success'}>{body.problems.length}</Tag></h3>
      {body.problems.length === 0 ? <p className="portal-muted">{t('reports.noProblems')}</p> : (
        <div className="portal-scroll-x">
          <HTMLTable compact striped className="portal-table" data-testid="vat-problems">
            <thead><tr><th>{t('reports.document')}</th><th>{t('reports.party')}</th><th>{t('reports.direction')}</th><th>{t('reports.reason')}</th></tr></thead>
            <tbody>
              {body.problems.map((p) => (
                <tr key={`${p.documentId}-${p.reason}`}><td><Link to={`/invoices/${client}/${p.direction === 'output' ? 'ar' : 'er'}/${p.documentId}`}>{p.invoiceNumber ?? p.documentId}</Link></td><td>{p.party ?? '–'}</td><td>{t(`reports.${p.direction}`)}</td><td>{t(`reports.problem.${p.reason}`)}</td></tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </div>
  );
}

function PartyTable({ title, list, locale, testId }: L & { title: string; list: PartiesReport['suppliers']; testId: string }) {
  const { t } = useTranslation();
  return (
    <section>
      <h3>{title}</h3>
      <BarChart title={title} series={[t('reports.gross'), t('reports.previous')]} bars={list.slice(0, 10).map((v) => ({ label: v.party.slice(0, 12), values: [v.gross, v.previous] }))} format={(n) => money(n, locale)} />
      <div className="portal-scroll-x">
        <HTMLTable compact striped className="portal-table" data-testid={testId}>
          <thead><tr><th>{t('reports.party')}</th><th className="portal-num">{t('reports.count')}</th><th className="portal-num">{t('reports.gross')}</th><th className="portal-num">{t('reports.previous')}</th><th className="portal-num">{t('reports.change')}</th></tr></thead>
          <tbody>
            {list.map((v) => (
              <tr key={v.party}><td>{v.party}</td><td className="portal-num">{v.count}</td><td className="portal-num">{money(v.gross, locale)}</td><td className="portal-num">{money(v.previous, locale)}</td><td className="portal-num">{v.change === null ? '–' : `${v.change > 0 ? '+' : ''}${formatNumber(v.change, locale, 1)} %`}</td></tr>
            ))}
            {list.length === 0 ? <tr><td colSpan={5}>{t('reports.none')}</td></tr> : null}
          </tbody>
        </HTMLTable>
      </div>
    </section>
  );
}

export function PartiesView({ body, locale }: L & { body: PartiesReport }) {
  const { t } = useTranslation();
  return (
    <div className="portal-report-grid" data-testid="report-parties">
      <PartyTable title={t('reports.suppliers')} list={body.suppliers} locale={locale} testId="parties-suppliers" />
      <PartyTable title={t('reports.customers')} list={body.customers} locale={locale} testId="parties-customers" />
    </div>
  );
}

export function ProcessingView({ body, locale }: L & { body: ProcessingReport }) {
  const { t } = useTranslation();
  const hours = (n: number | null) => (n === null ? '–' : formatNumber(n, locale, 1));
  return (
    <div className="portal-report-body" data-testid="report-processing">
      <h3>{t('reports.backlog')}</h3>
      <BarChart title={t('reports.backlog')} series={[t('reports.unconfirmed'), t('reports.unbooked'), t('reports.notExported')]} bars={body.backlog.map((b) => ({ label: b.at.slice(5), values: [b.unconfirmed, b.unbooked, b.notExported] }))} format={(n) => formatNumber(n, locale)} />
      <div className="portal-report-grid">
        {(['toConfirm', 'toBook'] as const).map((k) => (
          <section key={k}>
            <h3>{t(`reports.${k}`)}</h3>
            <HTMLTable compact striped className="portal-table">
              <thead><tr><th>{t('reports.monthCol')}</th><th className="portal-num">{t('reports.count')}</th><th className="portal-num">{t('reports.median')}</th><th className="portal-num">{t('reports.p90')}</th></tr></thead>
              <tbody>{body[k].map((m) => <tr key={m.month}><td>{m.month}</td><td className="portal-num">{m.count}</td><td className="portal-num">{hours(m.median)}</td><td className="portal-num">{hours(m.p90)}</td></tr>)}</tbody>
            </HTMLTable>
          </section>
        ))}
      </div>
      <div className="portal-report-grid">
        <section>
          <h3>{t('reports.user')}</h3>
          <HTMLTable compact striped className="portal-table">
            <thead><tr><th>{t('reports.user')}</th><th className="portal-num">{t('reports.toConfirm')}</th><th className="portal-num">{t('reports.median')}</th><th className="portal-num">{t('reports.toBook')}</th><th className="portal-num">{t('reports.median')}</th></tr></thead>
            <tbody>{body.byUser.map((u) => <tr key={u.userId}><td>{u.name}</td><td className="portal-num">{u.confirmed.count}</td><td className="portal-num">{hours(u.confirmed.median)}</td><td className="portal-num">{u.booked.count}</td><td className="portal-num">{hours(u.booked.median)}</td></tr>)}</tbody>
          </HTMLTable>
        </section>
        <section>
          <h3>{t('reports.origins')}</h3>
          <BarChart title={t('reports.origins')} series={[t('reports.count')]} bars={(['xml', 'text', 'ocr', 'human'] as const).map((o) => ({ label: t(`reports.origin.${o}`), values: [body.origins[o]] }))} format={(n) => formatNumber(n, locale)} />
        </section>
      </div>
    </div>
  );
}

export function ExportsView({ body, locale }: L & { body: ExportsReport }) {
  const { t } = useTranslation();
  return (
    <div className="portal-report-body" data-testid="report-exports">
      <h3>{t('reports.jobs')} ({body.totals.jobs})</h3>
      <div className="portal-scroll-x">
        <HTMLTable compact striped className="portal-table">
          <thead><tr><th>{t('reports.requested')}</th><th>{t('reports.by')}</th><th>{t('reports.format')}</th><th>{t('reports.status')}</th><th className="portal-num">{t('reports.count')}</th><th className="portal-num">{t('reports.imported')}</th><th className="portal-num">{t('reports.errors')}</th><th>{t('reports.reason')}</th></tr></thead>
          <tbody>
            {body.jobs.map((j) => <tr key={j.id}><td>{formatDateTime(j.requestedAt, locale)}</td><td>{j.requestedBy}</td><td>{j.format}</td><td><Tag minimal intent={j.status === 'failed' ? 'danger' : j.status === 'done' ? 'success' : 'primary'}>{j.status}</Tag></td><td className="portal-num">{j.documents}</td><td className="portal-num">{j.imported}</td><td className="portal-num">{j.errors}</td><td>{j.reason ?? ''}</td></tr>)}
            {body.jobs.length === 0 ? <tr><td colSpan={8}>{t('reports.none')}</td></tr> : null}
          </tbody>
        </HTMLTable>
      </div>
      <h3>{t('reports.reasons')}</h3>
      <HTMLTable compact striped className="portal-table">
        <tbody>{body.reasons.map((r) => <tr key={r.reason}><td>{r.reason}</td><td className="portal-num">{r.count}</td></tr>)}</tbody>
      </HTMLTable>
    </div>
  );
}

export function ChangesView({ changes, since, locale }: L & { changes: ReportLineChange[]; since: string }) {
  const { t } = useTranslation();
  const value = (c: ReportLineChange, v: number | null) => (v === null ? '–' : c.unit === 'amount' ? money(v, locale) : formatNumber(v, locale, c.unit === 'count' ? 0 : 1));
  if (changes.length === 0) return <NonIdealState icon="tick" title={t('reports.noChanges')} />;
  return (
    <section className="portal-report-changes" data-testid="report-changes">
      <h3>{t('reports.changes', { moment: since })}</h3>
      <HTMLTable compact className="portal-table">
        <thead><tr><th>{t('reports.meaning')}</th><th className="portal-num">{t('reports.before')}</th><th className="portal-num">{t('reports.after')}</th></tr></thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.key} className="portal-changed"><td>{c.section === 'codes' || c.section === 'totals' ? c.label : `${c.section} · ${c.label}`}</td><td className="portal-num">{value(c, c.before)}</td><td className="portal-num"><strong>{value(c, c.after)}</strong></td></tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}
