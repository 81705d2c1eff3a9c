import type { CashRegisterState, FonReturnType } from '@portal/contracts';
import type { FonRecord, NtcsRecord } from '@portal/domain';

/** Deterministic pseudo-random numbers (the demo looks the same on every first start of a day). */
export function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY = 86_400_000;

/** The three demo tax offices: code (first two digits of the tax number), name, returns, share filed so far. */
export const DEMO_OFFICES = [
  { code: '46', name: 'Linz', items: 160, filedShare: 0.46 },
  { code: '81', name: 'Innsbruck', items: 140, filedShare: 0.35 },
  { code: '91', name: 'Salzburg-Stadt', items: 100, filedShare: 0.17 },
] as const;

/** Demo client companies (Austrian) with a tax number in the demo offices: their responsible person comes from the responsibility view. */
const LINKED: Record<string, { clientNo: number; name: string }> = {
  '46': { clientNo: 1003, name: 'Donau Logistik GmbH' },
  '81': { clientNo: 1001, name: 'Alpenblick Gastronomie GmbH' },
  '91': { clientNo: 1002, name: 'Bäckerei Huber & Söhne OG' },
};

const FIRST = [
  'Anna',
  'Bernhard',
  'Christine',
  'Daniel',
  'Elisabeth',
  'Florian',
  'Gabriele',
  'Hannes',
  'Ingrid',
  'Johann',
  'Katharina',
  'Leopold',
  'Magdalena',
  'Norbert',
  'Olivia',
  'Patrick',
  'Renate',
  'Stefan',
  'Theresa',
  'Wolfgang',
];
const LAST = [
  'Aigner',
  'Bauer',
  'Eder',
  'Fuchs',
  'Gruber',
  'Haas',
  'Hofer',
  'Huber',
  'Koller',
  'Lechner',
  'Mayr',
  'Moser',
  'Pichler',
  'Reiter',
  'Schwarz',
  'Steiner',
  'Wagner',
  'Wallner',
  'Weber',
  'Wimmer',
];
const FIRMS = ['Tischlerei', 'Gasthof', 'Autohaus', 'Bäckerei', 'Elektro', 'Installationen', 'Transporte', 'Apotheke', 'Friseur', 'Baumeister'];
const FORMS = ['GmbH', 'OG', 'KG', 'e.U.'];
export const DEMO_EMPLOYEES = ['Anna Berger', 'Lukas Wimmer', 'Martin Steiner', 'Clara Hofer'];

/** The mix of return types of a practice: mostly income tax and VAT, some corporate tax, § 188 determinations, few others. */
function returnTypeOf(r: number): FonReturnType {
  if (r < 0.42) return 'ESt';
  if (r < 0.64) return 'USt';
  if (r < 0.82) return 'KSt';
  if (r < 0.92) return 'FSt';
  if (r < 0.96) return 'KfzSt';
  return 'EnAb';
}

/** 15 October Y+1, once that day has passed (a registration after 30 June Y+1 is late). */
function lateRegistration(taxYear: number, yesterday: number): string | null {
  const day = Date.UTC(taxYear + 1, 9, 15);
  return day <= yesterday ? iso(day) : null;
}

export interface DemoFon {
  taxYear: number;
  fon: FonRecord[];
  ntcs: NtcsRecord[];
  /** Items to resolve manually and to mark not relevant, with their remarks. */
  resolve: { taxId: string; returnType: FonReturnType; remark: string };
  notRelevant: { taxId: string; returnType: FonReturnType; remark: string };
}

/**
 * 400 returns of tax year (now − 1) in three tax offices, filed between 1 January and yesterday in the shares of
 * DEMO_OFFICES; the NTCS export agrees except for a few of each conflict kind: no NTCS record, value mismatch in
 * NTCS (filing date missing or different there), value mismatch in FON (NTCS has a filing FinanzOnline does
 * not show, or a return FinanzOnline has not registered).
 */
export function demoFon(now: Date): DemoFon {
  const random = seeded(20_240_905);
  const taxYear = now.getUTCFullYear() - 1;
  const seasonStart = Date.UTC(taxYear + 1, 0, 2);
  const yesterday = Math.max(seasonStart + DAY, now.getTime() - DAY);
  const fon: FonRecord[] = [];
  const ntcs: NtcsRecord[] = [];
  let n = 0;
  for (const office of DEMO_OFFICES) {
    const filed = Math.round(office.items * office.filedShare);
    for (let i = 0; i < office.items; i++) {
      n++;
      const taxId = `${office.code}${String(1_000_000 + n * 7_919).slice(-7)}`;
      const linked = i === 0 ? LINKED[office.code] : undefined;
      const returnType: FonReturnType = linked ? 'KSt' : returnTypeOf(random());
      const person = `${FIRST[Math.floor(random() * FIRST.length)]} ${LAST[Math.floor(random() * LAST.length)]}`;
      const name =
        linked?.name ??
        (returnType === 'ESt'
          ? person
          : `${FIRMS[Math.floor(random() * FIRMS.length)]} ${LAST[Math.floor(random() * LAST.length)]} ${FORMS[Math.floor(random() * FORMS.length)]}`);
      // Filed ones first, the filing days spread over the season so far (the chart shows the filed share rising).
      const filedOn = i < filed ? iso(seasonStart + Math.floor(((i + 1) / (filed + 1)) * (yesterday - seasonStart))) : null;
      const received = filedOn ? iso(Date.parse(filedOn) + (random() < 0.7 ? 0 : DAY)) : null;
      const counted = !(returnType === 'ESt' && random() < 0.06);
      // The last two returns of Linz were registered late (a change of representative in October): they count from 31 October on.
      const lateOn = office.code === '46' && i >= office.items - 2 ? lateRegistration(taxYear, yesterday) : null;
      fon.push({
        taxId,
        returnType,
        name,
        counted,
        businessIncome: returnType === 'FSt' && random() < 0.5,
        abgabedatum: filedOn,
        eingangsDatum: received,
        officeName: office.name,
        ...(lateOn ? { registeredOn: lateOn } : {}),
      });
      ntcs.push({
        taxId,
        returnType,
        persNr: String(20_000 + n),
        name,
        filingDate: filedOn,
        responsible: DEMO_EMPLOYEES[n % DEMO_EMPLOYEES.length]!,
        clientNo: linked?.clientNo ?? null,
      });
    }
  }
  // Conflicts of every kind, a handful each, spread over the offices.
  const pick = (k: number) => ntcs[(k * 37 + 11) % ntcs.length]!;
  const filedIndexes = ntcs.map((r, i) => (r.filingDate ? i : -1)).filter((i) => i >= 0);
  const openIndexes = ntcs.map((r, i) => (r.filingDate ? -1 : i)).filter((i) => i >= 0);
  const drop = new Set<number>();
  for (let k = 0; k < 7; k++) drop.add((k * 53 + 5) % ntcs.length); // no NTCS record
  for (let k = 0; k < 6; k++) {
    const r = ntcs[filedIndexes[(k * 29 + 3) % filedIndexes.length]!]!; // NTCS lacks or differs from FON's filing date
    r.filingDate = k % 2 ? null : iso(Date.parse(r.filingDate!) - 2 * DAY);
  }
  for (let k = 0; k < 5; k++) {
    const r = ntcs[openIndexes[(k * 31 + 7) % openIndexes.length]!]!; // NTCS has a filing FON does not show
    r.filingDate = iso(yesterday - (k + 1) * 3 * DAY);
  }
  const kept = ntcs.filter((_, i) => !drop.has(i));
  for (let k = 0; k < 4; k++) {
    const office = DEMO_OFFICES[k % 3]!;
    kept.push({
      taxId: `${office.code}9${String(100_000 + k * 4_447).slice(-6)}`,
      returnType: 'USt',
      persNr: String(29_000 + k),
      name: `Neugründung ${LAST[k]} ${FORMS[k % 4]}`,
      filingDate: null,
      responsible: DEMO_EMPLOYEES[k % 4]!,
      clientNo: null,
    });
  }
  const mismatch = ntcs[filedIndexes[3]!]!;
  const nr = pick(100);
  return {
    taxYear,
    fon,
    ntcs: kept,
    resolve: {
      taxId: mismatch.taxId,
      returnType: mismatch.returnType,
      remark: 'Erklärung in FinanzOnline geprüft; NTCS wird mit dem nächsten Export nachgezogen.',
    },
    notRelevant: { taxId: nr.taxId, returnType: nr.returnType, remark: 'Vollmacht zurückgelegt, Mandat beendet.' },
  };
}

/** Cash registers of some clients, one or more in every state, one outage older than 48 hours, one annual receipt unchecked. */
export function demoRegisters(
  now: Date,
  fon: readonly FonRecord[],
): Array<{
  taxId: string;
  name: string;
  regKassaId: string;
  registeredDate: string;
  status: CashRegisterState;
  statusTime: string;
  checked: boolean;
  clientNo: number | null;
}> {
  const businesses = fon.filter((r) => r.returnType === 'USt' || r.returnType === 'KSt');
  const hours = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
  const plan: Array<[CashRegisterState, number, boolean]> = [
    ['in_operation', 24 * 400, true],
    ['in_operation', 24 * 300, true],
    ['in_operation', 24 * 200, false],
    ['in_operation', 24 * 150, true],
    ['in_operation', 24 * 90, true],
    ['failure', 20, true],
    ['failure', 24 * 4, true],
    ['out_of_operation', 24 * 60, true],
    ['registered', 24 * 10, false],
    ['no_permission', 24 * 30, false],
    ['in_operation', 24 * 500, true],
    ['registered', 24 * 3, false],
  ];
  return plan.map(([status, ago, checked], i) => {
    const owner = businesses[(i * 17 + 2) % businesses.length]!;
    const registered = iso(now.getTime() - (ago + 30) * 3_600_000 * (status === 'registered' ? 1 : 2));
    return {
      taxId: owner.taxId,
      name: `${owner.name} – Kassa ${i + 1}`,
      regKassaId: `RK-${owner.taxId.slice(0, 2)}-${String(1000 + i * 7)}`,
      registeredDate: registered,
      status,
      statusTime: hours(ago),
      checked,
      clientNo: null,
    };
  });
}
