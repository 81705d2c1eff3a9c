import type { SvAccountDetail, SvTransaction } from '@portal/contracts';
import type { SvRateTable } from '@portal/domain';
import { formatMomentIn } from '@portal/contracts';
import { brandedPdf, decoratePages, drawTable, type PdfBrand } from '../reports/report-pdf';

export type StatementLanguage = 'de' | 'en';

const TEXTS = {
  de: {
    title: 'Beitragskontoauszug',
    client: 'Mandant',
    account: 'Beitragskonto',
    insurer: 'Versicherungsträger',
    period: 'Zeitraum',
    asOf: 'Stand',
    opening: 'Saldo am Beginn des Zeitraums',
    closing: 'Saldo am Ende des Zeitraums',
    bookings: 'Buchungen',
    bookingCols: ['Buchungsdatum', 'Wertstellung', 'Buchungstext', 'Beitragszeitraum', 'Soll', 'Haben', 'Zustand', 'Saldo'],
    interest: 'Verzugszinsen nach § 59 ASVG',
    interestCols: ['Beitragszeitraum', 'Fällig', 'Rechtzeitig bis', 'Vorgeschrieben', 'Bezahlt', 'Offen', 'Tage', 'Zinsen'],
    rates: 'Zinssätze',
    rateCols: ['Jahr', 'Zinssatz p. a.'],
    agreed: 'vereinbarter Satz',
    summary: 'Zusammenfassung',
    summaryCols: ['', 'Betrag'],
    balance: 'Saldo (positiv: Rückstand, negativ: Guthaben)',
    arrears: 'Rückstand',
    interestTotal: 'Verzugszinsen bis Stichtag',
    toPay: 'Zu zahlen am Stichtag',
    due: {
      OEGK: 'Beiträge sind am Monatsletzten fällig',
      SVS: 'Beiträge sind vierteljährlich am 28./29. Februar, 31. Mai, 31. August und 30. November fällig',
    },
    rule: ' und gelten als rechtzeitig bezahlt, wenn sie binnen 15 Tagen (zuzüglich 3 Tagen Respirofrist) gutgeschrieben werden. Sonst laufen Verzugszinsen ab dem 16. Tag nach Fälligkeit pro Tag zum Satz des jeweiligen Kalenderjahres; „Tage“ zählt ab Fälligkeit.',
    insolvency: (date: string) => ` Ab Eröffnung des Insolvenzverfahrens am ${date} laufen auf die bis dahin fälligen Beiträge keine Zinsen mehr.`,
    none: 'Keine.',
    created: 'erstellt',
    page: (n: number, m: number) => `Seite ${n} von ${m}`,
  },
  en: {
    title: 'Contribution account statement',
    client: 'Client',
    account: 'Contribution account',
    insurer: 'Insurer',
    period: 'Period',
    asOf: 'As of',
    opening: 'Balance at the start of the period',
    closing: 'Balance at the end of the period',
    bookings: 'Bookings',
    bookingCols: ['Booking date', 'Value date', 'Text', 'Contribution period', 'Debit', 'Credit', 'State', 'Balance'],
    interest: 'Interest on arrears under § 59 ASVG',
    interestCols: ['Contribution period', 'Due', 'On time until', 'Charged', 'Paid', 'Open', 'Days', 'Interest'],
    rates: 'Interest rates',
    rateCols: ['Year', 'Rate p. a.'],
    agreed: 'agreed rate',
    summary: 'Summary',
    summaryCols: ['', 'Amount'],
    balance: 'Balance (positive: arrears, negative: credit)',
    arrears: 'Arrears',
    interestTotal: 'Interest on arrears to the reference date',
    toPay: 'To pay on the reference date',
    due: {
      OEGK: 'Contributions fall due on the last day of the month',
      SVS: 'Contributions fall due quarterly on 28/29 February, 31 May, 31 August and 30 November',
    },
    rule: ' and count as paid on time when credited within 15 days (plus a 3-day grace). Otherwise interest on arrears runs per day from day 16 after the due date at the rate of each calendar year; "Days" counts from the due date.',
    insolvency: (date: string) => ` From the opening of insolvency proceedings on ${date}, the contributions due before it earn no more interest.`,
    none: 'None.',
    created: 'created',
    page: (n: number, m: number) => `Page ${n} of ${m}`,
  },
} as const;

const dmy = (iso: string | null, lang: StatementLanguage) =>
  iso ? (lang === 'de' ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : iso.slice(0, 10)) : '–';
const ym = (period: string | null, lang: StatementLanguage) => (period ? (lang === 'de' ? `${period.slice(5, 7)}/${period.slice(0, 4)}` : period) : '–');
const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

export interface StatementInput {
  /** The account with its figures computed as of `to`. */
  detail: SvAccountDetail;
  transactions: readonly SvTransaction[];
  /** The rate table the figures used (the account's agreed rate when it has one). */
  rates: SvRateTable;
  clientName: string;
  from: string;
  to: string;
  lang: StatementLanguage;
  brand: PdfBrand;
  createdAt: Date;
  /** The firm's time zone the creation time is written in. */
  timeZone: string;
}

/** The client's statement of one contribution account: bookings of the period with the running balance, the interest calculation per contribution period, the rates used and what is due. */
export async function svStatementPdf(input: StatementInput): Promise<Buffer> {
  const { detail, lang } = input;
  const t = TEXTS[lang];
  const { doc, done, width } = await brandedPdf(`${t.title} ${detail.kontonr}`, input.brand);
  const tableTexts = { numberLocale: lang === 'de' ? 'de-AT' : 'en-GB', none: t.none };
  const ordered = [...input.transactions].sort((a, b) => (a.buchungsDatum < b.buchungsDatum ? -1 : a.buchungsDatum > b.buchungsDatum ? 1 : 0));
  const opening = round2(ordered.filter((x) => x.buchungsDatum < input.from).reduce((s, x) => s + x.soll - x.haben, 0));
  let running = opening;
  const inPeriod = ordered.filter((x) => x.buchungsDatum >= input.from && x.buchungsDatum <= input.to);
  const bookingRows = inPeriod.map((x) => {
    running = round2(running + x.soll - x.haben);
    return [
      dmy(x.buchungsDatum, lang),
      dmy(x.wertstellungsDatum, lang),
      x.buchungstext,
      ym(x.beitragszeitraum, lang),
      x.soll || null,
      x.haben || null,
      x.buchungszustand || '',
      running,
    ];
  });

  doc.font('Helvetica-Bold').fontSize(18).fillColor('#111111').text(t.title);
  doc.font('Helvetica').fontSize(10).fillColor('#333333');
  doc.text(`${t.client}: ${detail.company_no} ${input.clientName}`);
  doc.text(`${t.account}: ${detail.kontonr}${detail.kassa_mandant ? ` · ${t.insurer}: ${detail.kassa_mandant}` : ''}`);
  doc.text(`${t.period}: ${dmy(input.from, lang)} – ${dmy(input.to, lang)} · ${t.asOf}: ${dmy(detail.as_of, lang)}`);
  doc.moveDown(0.5);
  doc.text(`${t.opening}: ${money(opening)} €`);
  doc.moveDown(0.8);

  drawTable(
    doc,
    { title: t.bookings, columns: [...t.bookingCols], rows: bookingRows, amounts: [4, 5, 7], right: [4, 5, 7], empty: t.none },
    width,
    input.brand,
    tableTexts,
  );
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('#111111')
    .text(`${t.closing}: ${money(running)} €`);
  doc.moveDown(1);

  const charged = detail.periods.filter((p) => p.interest > 0 || p.open > 0);
  drawTable(
    doc,
    {
      title: t.interest,
      columns: [...t.interestCols],
      rows: charged.map((p) => [
        ym(p.period, lang),
        dmy(p.dueDate, lang),
        dmy(p.onTimeUntil, lang),
        p.charged,
        p.paid,
        p.open,
        p.daysOverdue || null,
        p.interest,
      ]),
      amounts: [3, 4, 5, 7],
      right: [3, 4, 5, 6, 7],
      empty: t.none,
    },
    width,
    input.brand,
    tableTexts,
  );
  const insolvency = detail.state === 'I' && detail.state_since ? t.insolvency(dmy(detail.state_since, lang)) : '';
  doc
    .font('Helvetica-Oblique')
    .fontSize(8)
    .fillColor('#555555')
    .text(`${t.due[detail.kind ?? 'OEGK']}${t.rule}${insolvency}`, { width });
  doc.moveDown(1);

  const firstYear = Number((charged[0]?.dueDate ?? detail.as_of).slice(0, 4));
  const lastYear = Number(detail.as_of.slice(0, 4));
  const rateRows: Array<Array<string | number | null>> = [];
  for (let y = firstYear; y <= lastYear; y++) {
    const rate = input.rates[y];
    rateRows.push([
      String(y),
      rate === undefined
        ? '–'
        : `${rate.toLocaleString(lang === 'de' ? 'de-AT' : 'en-GB', { minimumFractionDigits: 2 })} %${detail.verzugszinsatz_pro_jahr !== null ? ` (${t.agreed})` : ''}`,
    ]);
  }
  drawTable(doc, { title: t.rates, columns: [...t.rateCols], rows: rateRows, right: [1], empty: t.none }, width / 2, input.brand, tableTexts);

  drawTable(
    doc,
    {
      title: `${t.summary} (${t.asOf} ${dmy(detail.as_of, lang)})`,
      columns: [...t.summaryCols],
      rows: [
        [t.balance, detail.saldo],
        [t.arrears, detail.arrears],
        [t.interestTotal, detail.interest_to_date],
        [t.toPay, detail.to_pay_today],
      ],
      amounts: [1],
      right: [1],
    },
    width,
    input.brand,
    tableTexts,
  );

  decoratePages(
    doc,
    input.brand,
    `${t.title} · ${detail.kontonr}`,
    `${input.brand.short} · ${t.created} ${formatMomentIn(input.createdAt.toISOString(), input.lang, input.timeZone)}`,
    t.page,
  );
  doc.end();
  return done;
}

function money(v: number): string {
  return v.toLocaleString('de-AT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
