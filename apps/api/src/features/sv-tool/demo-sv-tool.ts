import type { SvBookingStateCode } from '@portal/contracts';
import { SV_RATES_STREAM, svAccountDecider, svAccountStreamId, svRatesDecider, type SvAccountDetails, type SvBooking } from '@portal/domain';
import type { FeatureSeed } from '../../seed/feature-seeds';

const ISO = (d: Date) => d.toISOString().slice(0, 10);
const monthEnd = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0));
const plusDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

/** How each demo company's account behaves: on time, reminded, enforced, instalments, insolvency, in credit. */
const PROFILES: Record<number, { monthly: number; unpaidMonths: number; state: SvBookingStateCode; stateDaysAgo: number; extraCredit: number; sepa: boolean }> =
  {
    1001: { monthly: 2480.5, unpaidMonths: 0, state: '', stateDaysAgo: 0, extraCredit: 0, sepa: true },
    1002: { monthly: 3120.8, unpaidMonths: 2, state: 'MA', stateDaysAgo: 12, extraCredit: 0, sepa: false },
    1003: { monthly: 5890.25, unpaidMonths: 5, state: 'EX', stateDaysAgo: 30, extraCredit: 0, sepa: false },
    1004: { monthly: 1840, unpaidMonths: 3, state: 'RV', stateDaysAgo: 45, extraCredit: 600, sepa: false },
    1005: { monthly: 960.4, unpaidMonths: 6, state: 'I', stateDaysAgo: 20, extraCredit: 0, sepa: false },
    1006: { monthly: 1510, unpaidMonths: 0, state: '', stateDaysAgo: 0, extraCredit: 800, sepa: true },
  };

/** The self-employed client: contributions to the SVS, quarterly. */
const SVS_CLIENT = 1006;

const details = (name: string, sepa: boolean, no: number): SvAccountDetails => ({
  kind: no === SVS_CLIENT ? 'SVS' : 'OEGK',
  ntcsId: `NTCS-${no}`,
  kanzleiId: 'HP-01',
  kassaMandant: no === SVS_CLIENT ? 'SVS' : 'OEGK',
  responsible: 'Anna Berger',
  rateOverride: null,
  sepa: sepa
    ? {
        mandateReference: `SV-${no}-01`,
        scheme: 'CORE',
        sequence: 'RCUR',
        creditorId: 'AT61ZZZ00000000001',
        debtorName: name,
        debtorIban: 'AT611904300234573201',
        signatureDate: '2024-03-01',
      }
    : null,
  pension: { insuranceNumber: null, pensionType: null, since: null },
  partner: { name: null, insuranceNumber: null, relation: null },
  powerOfAttorney: {
    holder: 'Huber & Partner Steuerberatung',
    grantedOn: '2023-01-15',
    validUntil: null,
    scope: 'WebEKU: Beitragskonto einsehen und exportieren',
  },
});

/**
 * The rate table (base rate on 31 October + 4 points): 2024 and 2025 as published; 2026 from the base rate of
 * 1.53 % on 31 October 2025, not yet confirmed (domain notes): administrators correct it in the rate table.
 */
const DEMO_RATES: Array<[number, number]> = [
  [2024, 7.88],
  [2025, 7.03],
  [2026, 5.53],
];

/** Demo SV accounts: 13 months of contributions per company (quarters for the SVS one), some paid late or not, one in each booking state; the rate table. */
export const seedDemoSvTool: FeatureSeed = async ({ runtime, now, companies, context }) => {
  for (const [year, rate] of DEMO_RATES)
    await runtime.execute(svRatesDecider, SV_RATES_STREAM, { type: 'SetSvInterestRate', year, rate }, context(null, `sv-rate-${year}`));
  for (const company of companies) {
    const no = company.company_no;
    const profile = PROFILES[no] ?? PROFILES[1001];
    const accountId = `${no}-${String(4_000_000 + no)}`;
    await runtime.execute(
      svAccountDecider,
      svAccountStreamId(accountId),
      { type: 'OpenSvAccount', accountId, companyNo: no, kontonr: String(4_000_000 + no), details: details(company.company_name, profile.sepa, no) },
      context(no, `${no}:sv-open`),
    );
    const bookings: SvBooking[] = [];
    const months = 13;
    for (let i = months; i >= 1; i--) {
      const end = monthEnd(now.getUTCFullYear(), now.getUTCMonth() - i);
      if (end >= now) continue;
      const period = ISO(end).slice(0, 7);
      // SVS: one prescription per quarter, booked with its first month.
      if (no === SVS_CLIENT && end.getUTCMonth() % 3 !== 0) continue;
      bookings.push({
        id: `demo-${period}-d`,
        bookingDate: ISO(end),
        valueDate: ISO(end),
        text: `Beiträge ${period.slice(5)}/${period.slice(0, 4)}`,
        period,
        debit: profile.monthly,
        credit: 0,
        state: '',
      });
      const paid = i > profile.unpaidMonths;
      if (paid) {
        // Every third month a few days late, otherwise within the 15 days.
        const payDay = plusDays(end, i % 3 === 0 && profile.state !== '' ? 25 : 10);
        if (payDay < now)
          bookings.push({
            id: `demo-${period}-c`,
            bookingDate: ISO(payDay),
            valueDate: ISO(payDay),
            text: profile.sepa ? 'SEPA-Lastschrift' : 'Überweisung',
            period,
            debit: 0,
            credit: profile.monthly,
            state: '',
          });
      }
    }
    if (profile.extraCredit > 0)
      bookings.push({
        id: 'demo-extra-credit',
        bookingDate: ISO(plusDays(now, -20)),
        valueDate: ISO(plusDays(now, -20)),
        text: profile.state === 'RV' ? 'Ratenzahlung' : 'Guthaben aus Vorauszahlung',
        period: null,
        debit: 0,
        credit: profile.extraCredit,
        state: profile.state,
      });
    // A reminder and an enforcement come with their fees; an insolvency marks the claims it covers.
    if (profile.state === 'MA' || profile.state === 'EX') {
      bookings.push({
        id: `demo-state-${profile.state}`,
        bookingDate: ISO(plusDays(now, -profile.stateDaysAgo)),
        valueDate: null,
        text: profile.state === 'MA' ? 'Mahngebühr' : 'Exekutionskosten',
        period: null,
        debit: profile.state === 'MA' ? 7.5 : 45,
        credit: 0,
        state: profile.state,
      });
    }
    if (profile.state === 'I') {
      for (const b of bookings.filter((x) => x.debit > 0).slice(-profile.unpaidMonths)) b.state = 'I';
    }
    await runtime.execute(
      svAccountDecider,
      svAccountStreamId(accountId),
      { type: 'ImportSvStatement', importId: `demo-${no}`, fileName: `webeku-${no}.csv`, bookings },
      context(no, `${no}:sv-import`),
    );
  }
};
