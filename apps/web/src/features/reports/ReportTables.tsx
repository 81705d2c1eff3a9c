import { HTMLTable, NonIdealState, Switch, Tag } from '@blueprintjs/core';
import {
  comparisonInTimeOrder,
  exportJobStatusKey,
  exportReasonText,
  reportLineText,
  REPORT_SECTIONS,
  type ExportsReport,
  type PartiesReport,
  type ProcessingReport,
  type ReportLine,
  type ReportResult,
  type ReportSay,
  type VatCountry,
  type VatReport,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatAmount, formatDateTime, formatNumber, formatYearMonth } from '../../i18n/format';
import { BarChart } from './BarChart';

type L = { locale: string };
const money = (n: number | null, locale: string) => formatAmount(n, 'EUR', locale);

/** The report texts of the reports.*.json files by key path, for the wording shared with the downloads. */
function useReportSay(): ReportSay {
  const { t, i18n } = useTranslation();
  return (key, params) => (i18n.exists(`reports.${key}`) ? t(`reports.${key}`, params) : null);
}

export function VatView({ body, locale, client }: L & { body: VatReport; client: number }) {
  const { t } = useTranslation();
  const say = useReportSay();
  return (
    <div className="portal-report-body" data-testid="report-vat">
      <div className="portal-report-grid">
        <section>
          <h3>
            {t('reports.codes')} ({t(`reports.countries.${body.country}`)})
          </h3>
          <HTMLTable compact striped className="portal-table" data-testid="vat-codes">
            <thead>
              <tr>
                <th>{t('reports.code')}</th>
                <th>{t('reports.meaning')}</th>
                <th className="portal-num">{t('reports.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {body.codes.map((c) => (
                <tr key={c.code} data-testid={`vat-code-${c.code}`}>
                  <td>
                    <strong>{c.code}</strong>
                  </td>
                  <td>{say(`vatCodes.${body.country}.${c.code}`) ?? ''}</td>
                  <td className="portal-num" data-testid={`vat-amount-${c.code}`}>
                    {money(c.amount, locale)}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </section>
        <section>
          <BarChart
            title={t('reports.perRate')}
            series={[t('reports.net'), t('reports.tax')]}
            bars={body.rows.map((r) => ({ label: `${r.direction === 'output' ? '↑' : '↓'} ${formatNumber(r.rate, locale, 1)} %`, values: [r.net, r.tax] }))}
            format={(n) => money(n, locale)}
          />
        </section>
      </div>
      <h3>{t('reports.perRate')}</h3>
      <div className="portal-scroll-x">
        <HTMLTable compact striped className="portal-table" data-testid="vat-rows">
          <thead>
            <tr>
              <th>{t('reports.direction')}</th>
              <th className="portal-num">{t('reports.rate')}</th>
              <th className="portal-num">{t('reports.count')}</th>
              <th className="portal-num">{t('reports.net')}</th>
              <th className="portal-num">{t('reports.tax')}</th>
              <th className="portal-num">{t('reports.gross')}</th>
            </tr>
          </thead>
          <tbody>
            {body.rows.map((r) => (
              <tr key={`${r.direction}-${r.rate}`}>
                <td>{t(`reports.${r.direction}`)}</td>
                <td className="portal-num">{formatNumber(r.rate, locale, 1)} %</td>
                <td className="portal-num">{r.count}</td>
                <td className="portal-num">{money(r.net, locale)}</td>
                <td className="portal-num">{money(r.tax, locale)}</td>
                <td className="portal-num">{money(r.gross, locale)}</td>
              </tr>
            ))}
            {body.rows.length === 0 ? (
              <tr>
                <td colSpan={6}>{t('reports.none')}</td>
              </tr>
            ) : null}
          </tbody>
        </HTMLTable>
      </div>
      <h3>
        {t('reports.problems')}{' '}
        <Tag round intent={body.problems.length ? 'warning' : 'success'}>
          {body.problems.length}
        </Tag>
      </h3>
      {body.problems.length === 0 ? (
        <p className="portal-muted">{t('reports.noProblems')}</p>
      ) : (
        <div className="portal-scroll-x">
          <HTMLTable compact striped className="portal-table" data-testid="vat-problems">
            <thead>
              <tr>
                <th>{t('reports.document')}</th>
                <th>{t('reports.party')}</th>
                <th>{t('reports.direction')}</th>
                <th>{t('reports.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {body.problems.map((p) => (
                <tr key={`${p.documentId}-${p.reason}`}>
                  <td>
                    <Link to={`/invoices/${client}/${p.direction === 'output' ? 'ar' : 'er'}/${p.documentId}`}>{p.invoiceNumber ?? p.documentId}</Link>
                  </td>
                  <td>{p.party ?? '–'}</td>
                  <td>{t(`reports.${p.direction}`)}</td>
                  <td>{t(`reports.problem.${p.reason}`)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </div>
  );
}

function PartyTable({ title, list, months, locale, testId }: L & { title: string; list: PartiesReport['suppliers']; months: string[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <section>
      <h3>{title}</h3>
      <BarChart
        title={title}
        series={[t('reports.gross'), t('reports.previous')]}
        bars={list.slice(0, 10).map((v) => ({ label: v.party.slice(0, 12), values: [v.gross, v.previous] }))}
        format={(n) => money(n, locale)}
      />
      <div className="portal-scroll-x">
        <HTMLTable compact striped className="portal-table" data-testid={testId}>
          <thead>
            <tr>
              <th>{t('reports.party')}</th>
              <th className="portal-num">{t('reports.count')}</th>
              <th className="portal-num">{t('reports.gross')}</th>
              <th className="portal-num">{t('reports.previous')}</th>
              <th className="portal-num">{t('reports.change')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((v) => (
              <tr key={v.party}>
                <td>{v.party}</td>
                <td className="portal-num">{v.count}</td>
                <td className="portal-num">{money(v.gross, locale)}</td>
                <td className="portal-num">{money(v.previous, locale)}</td>
                <td className="portal-num">{v.change === null ? '–' : `${v.change > 0 ? '+' : ''}${formatNumber(v.change, locale, 1)} %`}</td>
              </tr>
            ))}
            {list.length === 0 ? (
              <tr>
                <td colSpan={5}>{t('reports.none')}</td>
              </tr>
            ) : null}
          </tbody>
        </HTMLTable>
      </div>
      {list.length > 0 ? (
        <>
          <h4>{t('reports.perMonth')}</h4>
          <div className="portal-scroll-x" tabIndex={0} role="region" aria-label={`${title}: ${t('reports.perMonth')}`}>
            <HTMLTable compact striped className="portal-table portal-report-months" data-testid={`${testId}-months`}>
              <thead>
                <tr>
                  <th>{t('reports.party')}</th>
                  {months.map((m) => (
                    <th key={m} className="portal-num">
                      {formatYearMonth(m, locale)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.map((v) => (
                  <tr key={v.party}>
                    <td>{v.party}</td>
                    {months.map((m) => (
                      <td key={m} className="portal-num">
                        {v.months[m] ? money(v.months[m], locale) : '–'}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        </>
      ) : null}
    </section>
  );
}

export function PartiesView({ body, locale }: L & { body: PartiesReport }) {
  const { t } = useTranslation();
  return (
    <div className="portal-report-grid" data-testid="report-parties">
      <PartyTable title={t('reports.suppliers')} list={body.suppliers} months={body.months} locale={locale} testId="parties-suppliers" />
      <PartyTable title={t('reports.customers')} list={body.customers} months={body.months} locale={locale} testId="parties-customers" />
    </div>
  );
}

export function ProcessingView({ body, locale }: L & { body: ProcessingReport }) {
  const { t } = useTranslation();
  const hours = (n: number | null) => (n === null ? '–' : formatNumber(n, locale, 1));
  return (
    <div className="portal-report-body" data-testid="report-processing">
      <h3>{t('reports.backlog')}</h3>
      <BarChart
        title={t('reports.backlog')}
        series={[t('reports.unconfirmed'), t('reports.unbooked'), t('reports.notExported')]}
        bars={body.backlog.map((b) => ({ label: b.at.slice(5), values: [b.unconfirmed, b.unbooked, b.notExported] }))}
        format={(n) => formatNumber(n, locale)}
      />
      <div className="portal-report-grid">
        {(['toConfirm', 'toBook'] as const).map((k) => (
          <section key={k}>
            <h3>{t(`reports.${k}`)}</h3>
            <HTMLTable compact striped className="portal-table">
              <thead>
                <tr>
                  <th>{t('reports.monthCol')}</th>
                  <th className="portal-num">{t('reports.count')}</th>
                  <th className="portal-num">{t('reports.median')}</th>
                  <th className="portal-num">{t('reports.p90')}</th>
                </tr>
              </thead>
              <tbody>
                {body[k].map((m) => (
                  <tr key={m.month}>
                    <td>{m.month}</td>
                    <td className="portal-num">{m.count}</td>
                    <td className="portal-num">{hours(m.median)}</td>
                    <td className="portal-num">{hours(m.p90)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </section>
        ))}
      </div>
      <div className="portal-report-grid">
        <section>
          <h3>{t('reports.user')}</h3>
          <div className="portal-scroll-x">
            <HTMLTable compact striped className="portal-table" data-testid="processing-users">
              <thead>
                <tr>
                  <th rowSpan={2}>{t('reports.user')}</th>
                  <th colSpan={3} className="portal-num">
                    {t('reports.toConfirm')}
                  </th>
                  <th colSpan={3} className="portal-num">
                    {t('reports.toBook')}
                  </th>
                </tr>
                <tr>
                  <th className="portal-num">{t('reports.confirmedCount')}</th>
                  <th className="portal-num">{t('reports.median')}</th>
                  <th className="portal-num">{t('reports.p90')}</th>
                  <th className="portal-num">{t('reports.bookedCount')}</th>
                  <th className="portal-num">{t('reports.median')}</th>
                  <th className="portal-num">{t('reports.p90')}</th>
                </tr>
              </thead>
              <tbody>
                {body.byUser.map((u) => (
                  <tr key={u.userId} data-testid={`processing-user-${u.userId}`}>
                    <td>{u.name}</td>
                    <td className="portal-num">{u.confirmed.count}</td>
                    <td className="portal-num">{hours(u.confirmed.median)}</td>
                    <td className="portal-num">{hours(u.confirmed.p90)}</td>
                    <td className="portal-num">{u.booked.count}</td>
                    <td className="portal-num">{hours(u.booked.median)}</td>
                    <td className="portal-num">{hours(u.booked.p90)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        </section>
        <section>
          <h3>{t('reports.origins')}</h3>
          <BarChart
            title={t('reports.origins')}
            series={[t('reports.count')]}
            bars={(['xml', 'text', 'ocr', 'human'] as const).map((o) => ({ label: t(`reports.origin.${o}`), values: [body.origins[o]] }))}
            format={(n) => formatNumber(n, locale)}
          />
        </section>
      </div>
      <section>
        <h3>{t('reports.invalidEInvoices')}</h3>
        <HTMLTable compact striped className="portal-table" data-testid="processing-invalid-einvoices">
          <thead>
            <tr>
              <th>{t('reports.monthCol')}</th>
              <th className="portal-num">{t('reports.invalidCount')}</th>
            </tr>
          </thead>
          <tbody>
            {body.invalidEInvoices.map((m) => (
              <tr key={m.month} data-testid={`processing-invalid-einvoices-${m.month}`}>
                <td>{formatYearMonth(m.month, locale)}</td>
                <td className="portal-num">{formatNumber(m.count, locale)}</td>
              </tr>
            ))}
            {body.invalidEInvoices.length === 0 ? (
              <tr>
                <td colSpan={2}>{t('reports.none')}</td>
              </tr>
            ) : null}
          </tbody>
        </HTMLTable>
      </section>
    </div>
  );
}

/** Documents of the period's export jobs per month: imported, refused and with a note. */
function exportsPerMonth(body: ExportsReport) {
  const months = new Map<string, [number, number, number]>();
  for (const j of body.jobs) {
    const m = j.requestedAt.slice(0, 7);
    const v = months.get(m) ?? [0, 0, 0];
    months.set(m, [v[0] + j.imported, v[1] + j.errors, v[2] + j.infos]);
  }
  return [...months.entries()].sort(([a], [b]) => a.localeCompare(b));
}

export function ExportsView({ body, locale }: L & { body: ExportsReport }) {
  const { t } = useTranslation();
  const say = useReportSay();
  const perMonth = exportsPerMonth(body);
  return (
    <div className="portal-report-body" data-testid="report-exports">
      <h3>{t('reports.jobsPerMonth')}</h3>
      {perMonth.length ? (
        <BarChart
          title={t('reports.jobsPerMonth')}
          series={[t('reports.imported'), t('reports.errors'), t('reports.infos')]}
          bars={perMonth.map(([m, v]) => ({ label: formatYearMonth(m, locale), values: v }))}
          format={(n) => formatNumber(n, locale)}
        />
      ) : (
        <p className="portal-muted">{t('reports.none')}</p>
      )}
      <h3>
        {t('reports.jobs')} ({body.totals.jobs})
      </h3>
      <div className="portal-scroll-x">
        <HTMLTable compact striped className="portal-table">
          <thead>
            <tr>
              <th>{t('reports.requested')}</th>
              <th>{t('reports.by')}</th>
              <th>{t('reports.format')}</th>
              <th>{t('reports.status')}</th>
              <th className="portal-num">{t('reports.count')}</th>
              <th className="portal-num">{t('reports.imported')}</th>
              <th className="portal-num">{t('reports.errors')}</th>
              <th>{t('reports.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {body.jobs.map((j) => (
              <tr key={j.id}>
                <td>{formatDateTime(j.requestedAt, locale)}</td>
                <td>{j.requestedBy}</td>
                <td>{j.format}</td>
                <td>
                  <Tag minimal intent={j.status === 'failed' ? 'danger' : j.status === 'done' ? 'success' : 'primary'}>
                    {say(exportJobStatusKey(j.status)) ?? j.status}
                  </Tag>
                </td>
                <td className="portal-num">{j.documents}</td>
                <td className="portal-num">{j.imported}</td>
                <td className="portal-num">{j.errors}</td>
                <td>{j.reason ? exportReasonText(j.reason, say) : ''}</td>
              </tr>
            ))}
            {body.jobs.length === 0 ? (
              <tr>
                <td colSpan={8}>{t('reports.none')}</td>
              </tr>
            ) : null}
          </tbody>
        </HTMLTable>
      </div>
      <h3>{t('reports.reasons')}</h3>
      <HTMLTable compact striped className="portal-table" data-testid="export-reasons">
        <tbody>
          {body.reasons.map((r) => (
            <tr key={r.reason}>
              <td>{exportReasonText(r.reason, say)}</td>
              <td className="portal-num">{r.count}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

const sectionOrder = (section: ReportLine['section']) => REPORT_SECTIONS.indexOf(section);

/**
 * The as-of difference: the same report at two moments side by side, every summary line with its value at
 * each, changed lines highlighted; "only changed lines" hides the rest.
 */
export function ComparisonView({ result, momentOf, locale }: L & { result: ReportResult; momentOf: (asOf: string | null) => string }) {
  const { t } = useTranslation();
  const say = useReportSay();
  const [onlyChanges, setOnlyChanges] = useState(false);
  const ordered = comparisonInTimeOrder(result);
  if (!ordered || !result.compare) return null;
  const compare = result.compare;
  const country: VatCountry = result.body.kind === 'vat' ? result.body.country : 'AT';
  const since = momentOf(ordered.earlier.asOf);
  const until = momentOf(ordered.later.asOf);
  const rows = ordered.rows.filter((r) => !onlyChanges || r.changed).sort((a, b) => sectionOrder(a.line.section) - sectionOrder(b.line.section));
  const value = (line: ReportLine, v: number | null) =>
    v === null ? '–' : line.unit === 'amount' ? money(v, locale) : formatNumber(v, locale, line.unit === 'count' ? 0 : 1);
  const signed = (line: ReportLine, v: number | null) => (v === null || v === 0 ? '–' : `${v > 0 ? '+' : ''}${value(line, v)}`);
  return (
    <section className="portal-report-changes" data-testid="report-changes">
      <h3>{t('reports.sideBySide')}</h3>
      {compare.changes.length === 0 ? <NonIdealState icon="tick" title={t('reports.noChanges')} /> : null}
      <Switch
        checked={onlyChanges}
        label={t('reports.onlyChanges')}
        onChange={(e) => setOnlyChanges(e.currentTarget.checked)}
        data-testid="report-only-changes"
      />
      <div className="portal-scroll-x">
        <HTMLTable compact className="portal-table" data-testid="report-comparison">
          <thead>
            <tr>
              <th>{t('reports.line')}</th>
              <th className="portal-num">{since}</th>
              <th className="portal-num">{until}</th>
              <th className="portal-num">{t('reports.difference')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ key, line, earlier, later, difference, changed }) => (
              <tr key={key} className={changed ? 'portal-changed' : undefined} data-testid={`comparison-${key}`} data-changed={changed ? 'true' : 'false'}>
                <td>
                  <span className="portal-muted">{t(`reports.sections.${line.section}`)} · </span>
                  {reportLineText(line, country, say)}
                  {changed ? (
                    <Tag minimal className="portal-changed-tag">
                      {t('reports.changed')}
                    </Tag>
                  ) : null}
                </td>
                <td className="portal-num">{value(line, earlier)}</td>
                <td className="portal-num">{changed ? <strong>{value(line, later)}</strong> : value(line, later)}</td>
                <td className="portal-num" data-testid={`comparison-difference-${key}`}>
                  {signed(line, difference)}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </section>
  );
}
