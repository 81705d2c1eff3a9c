/**
 * Generates src/code-lists/generated.ts from the published code lists.
 *
 * Source: the EN 16931 code lists (European Commission, CEF eInvoicing "EN16931 code lists values") as
 * carried, per list, in the JSON schema of the npm package @e-invoice-eu/core (a maintained EN 16931 invoice
 * generator that ships those lists as enumerations). Two lists the package does not carry are given below
 * with their origin. Run: npx tsx libs/einvoice-validation/scripts/generate-code-lists.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

interface ListSpec {
  key: string;
  /** changes published in the EN 16931 code lists after the package's snapshot (code list version 16) */
  add?: string[];
  remove?: string[];
  name: string;
  /** the enumeration's name in the package schema */
  from?: string;
  codes?: string[];
  origin?: string;
}

const UNCL4451 =
  'AAA AAB AAC AAD AAE AAF AAG AAI AAJ AAK AAL AAM AAN AAO AAP AAQ AAR AAS AAT AAU AAV AAW AAX AAY AAZ ABA ABB ABC ABD ABE ABF ABG ABH ABI ABJ ABK ABL ABM ABN ABO ABP ABQ ABR ABS ABT ABU ABV ABW ABX ABZ ACA ACB ACC ACD ACE ACF ACG ACH ACI ACJ ACK ACL ACM ACN ACO ACP ACQ ACR ACS ACT ACU ACV ACW ACX ACY ACZ ADA ADB ADC ADD ADE ADF ADG ADH ADI ADJ ADK ADL ADM ADN ADO ADP ADQ ADR ADS ADT ADU ADV ADW ADX ADY ADZ AEA AEB AEC AED AEE AEF AEG AEH AEI AEJ AEK AEL AEM AEN AEO AEP AEQ AER AES AET AEU AEV AEW AEX AEY AEZ AFA AFB AFC AFD AFE AFF AFG AFH AFI AFJ AFK AFL AFM AFN AFO AFP AFQ AFR AFS AFT AFU AFV AFW AFX AFY AFZ AGA AGB AGC AGD AGE AGF AGG AGH AGI AGJ AGK AGL AGM AGN AGO AGP AGQ AGR AGS AGT AGU AGV AGW AGX AGY AGZ AHA AHB AHC AHD AHE AHF AHG AHH AHI AHJ AHK AHL AHM AHN AHO AHP AHQ AHR AHS AHT AHU AHV AHW AHX AHY AHZ AIA AIB AIC AID AIE AIF AIG AIH AII AIJ AIK AIL AIM AIN AIO AIP AIQ AIR AIS AIT AIU AIV AIW AIX AIY AIZ AJA AJB ALC ALD ALE ALF ALG ALH ALI ALJ ALK ALL ALM ALN ALO ALP ALQ ARR ARS AUT AUU AUV AUW AUX AUY AUZ AVA AVB AVC AVD AVE AVF BAG BAH BAI BAJ BAK BAL BAM BAN BAO BAP BAQ BAR BAS BAT BAU BAV BAW BAX BAY BAZ BBA BBB BLC BLD BLE BLF BLG BLH BLI BLJ BLK BLL BLM BLN BLO BLP BLQ BLR BLS BLT BLU BLV BLW BLX BLY BLZ BMA BMB BMC BMD BME BMF BMG BMH CCI CCJ CCK CCL CCM CCN CCO CEX CHG CIP CLP CLR COI CUR CUS DAR DCL DEL DIN DOC DUT EUR FBC GBL GEN GS7 HAN HAZ ICN IIN IMI IND INS INV IRP ITR ITS LAN LIN LOI MCO MDH MKS ORI OSI PAC PAI PAY PKG PKT PMD PMT PRD PRF PRI PUR QIN QQD QUT RAH REG RET REV RQR SAF SIC SIN SLR SPA SPG SPH SPP SPT SRN SSR SUR TCA TDT TRA TRR TXD WHI ZZZ'.split(
    ' ',
  );

const LISTS: ListSpec[] = [
  { key: 'ISO4217', name: 'ISO 4217 currency codes', from: 'ISO4217', add: ['CNH', 'STD', 'XCG', 'XXX'], remove: ['ANG', 'BGN', 'CUC', 'STN', 'ZWL'] },
  { key: 'ISO3166', name: 'ISO 3166-1 alpha-2 country codes (with 1A Kosovo and XI Northern Ireland)', from: 'ISO3166' },
  { key: 'UNCL1001_INVOICE', name: 'UNTDID 1001 document name codes, invoice subset', from: 'UNCL1001-inv', add: ['81'] },
  { key: 'UNCL1001_CREDIT_NOTE', name: 'UNTDID 1001 document name codes, credit note subset', from: 'UNCL1001-cn' },
  { key: 'UNCL1153', name: 'UNTDID 1153 reference code qualifiers', from: 'UNCL1153', add: ['AXU'] },
  { key: 'UNCL2005', name: 'UNTDID 2005 date/time/period function code qualifiers, subset', from: 'UNCL2005' },
  {
    key: 'UNCL2475',
    name: 'UNTDID 2475 payment time reference codes, EN 16931 subset',
    codes: ['5', '29', '72'],
    origin: 'EN 16931 code lists (European Commission), list UNTDID 2475 subset for BT-8 in CII',
  },
  {
    key: 'UNCL4451',
    name: 'UNTDID 4451 text subject code qualifiers',
    codes: UNCL4451,
    origin: 'UN/EDIFACT UNTDID 4451 as listed in the ZUGFeRD/Factur-X code list documentation',
  },
  { key: 'UNCL4461', name: 'UNTDID 4461 payment means codes', from: 'UNCL4461', add: ['69'] },
  { key: 'UNCL5189', name: 'UNTDID 5189 allowance reason codes, subset', from: 'UNCL5189' },
  { key: 'UNCL5305', name: 'UNTDID 5305 duty/tax/fee category codes, subset', from: 'UNCL5305' },
  { key: 'UNCL7143', name: 'UNTDID 7143 item type identification codes', from: 'UNCL7143', add: ['PPI'] },
  { key: 'UNCL7161', name: 'UNTDID 7161 special service description codes', from: 'UNCL7161' },
  {
    key: 'EAS',
    name: 'Electronic address scheme (EAS) codes (CEF)',
    from: 'eas',
    add: ['0147', '0154', '0158', '0170', '0194', '0203', '0205', '0217', '0219', '0220', '0225', '0240', '0242', '0244', '0245', '0246', '0248', 'AN'],
    remove: ['9901'],
  },
  {
    key: 'ICD',
    name: 'ISO/IEC 6523 international code designators (ICD)',
    from: 'ICD',
    add: ['0239', '0240', '0241', '0242', '0243', '0244', '0245', '0246', '0247', '0248'],
  },
  { key: 'REC20', name: 'UN/ECE Recommendation 20 units of measure, with Recommendation 21 codes prefixed X', from: 'UNECERec20' },
  {
    key: 'VATEX',
    name: 'VAT exemption reason codes (VATEX, CEF)',
    from: 'vatex',
    add: 'VATEX-EU-135-1 VATEX-EU-153 VATEX-FR-CGI261-1 VATEX-FR-CGI261-2 VATEX-FR-CGI261-3 VATEX-FR-CGI261-4 VATEX-FR-CGI261-5 VATEX-FR-CGI261-7 VATEX-FR-CGI261-8 VATEX-FR-CGI261A VATEX-FR-CGI261B VATEX-FR-CGI261C-1 VATEX-FR-CGI261C-2 VATEX-FR-CGI261C-3 VATEX-FR-CGI261D-1 VATEX-FR-CGI261D-1BIS VATEX-FR-CGI261D-2 VATEX-FR-CGI261D-3 VATEX-FR-CGI261D-4 VATEX-FR-CGI261E-1 VATEX-FR-CGI261E-2 VATEX-FR-CGI277A VATEX-FR-CGI275 VATEX-FR-298SEXDECIESA VATEX-FR-CGI295 VATEX-FR-AE'.split(
      ' ',
    ),
  },
  { key: 'MIME', name: 'MIME codes for attached documents (EN 16931 subset)', from: 'MimeCode' },
];

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pkg = require('@e-invoice-eu/core/package.json') as { version: string };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { invoiceSchema } = require('@e-invoice-eu/core') as { invoiceSchema: { $defs: { codeLists: Record<string, { enum?: string[] }> } } };

const out: string[] = [
  '// Generated by scripts/generate-code-lists.ts — do not edit by hand.',
  `// Source: EN 16931 code lists (European Commission) as carried by @e-invoice-eu/core ${pkg.version}, plus the lists named per entry.`,
  '',
  'export interface CodeList {',
  '  name: string;',
  '  origin: string;',
  '  codes: readonly string[];',
  '}',
  '',
  'export const CODE_LISTS = {',
];
for (const list of LISTS) {
  const base = list.codes ?? invoiceSchema.$defs.codeLists[list.from ?? '']?.enum;
  if (!base || base.length === 0) throw new Error(`code list ${list.from} not found in the package schema`);
  const codes = [...base.filter((c) => !list.remove?.includes(c)), ...(list.add ?? []).filter((c) => !base.includes(c))];
  const changes =
    list.add || list.remove
      ? `; EN 16931 code lists version 16 changes: ${[...(list.add ?? []).map((c) => `+${c}`), ...(list.remove ?? []).map((c) => `-${c}`)].join(' ')}`
      : '';
  const origin = (list.origin ?? `EN 16931 code lists (European Commission) via @e-invoice-eu/core ${pkg.version}, enumeration ${list.from}`) + changes;
  out.push(`  ${list.key}: {`, `    name: ${JSON.stringify(list.name)},`, `    origin: ${JSON.stringify(origin)},`);
  const chunks: string[] = [];
  for (let i = 0; i < codes.length; i += 16)
    chunks.push(
      codes
        .slice(i, i + 16)
        .map((c) => JSON.stringify(c))
        .join(', '),
    );
  out.push('    codes: [', ...chunks.map((c) => `      ${c},`), '    ],', '  },');
}
out.push('} as const satisfies Record<string, CodeList>;', '', `export const CODE_LISTS_SOURCE = ${JSON.stringify(`@e-invoice-eu/core ${pkg.version}`)};`, '');
const target = path.join(__dirname, '../src/code-lists/generated.ts');
writeFileSync(target, out.join('\n'));
console.log(`wrote ${target}`);
