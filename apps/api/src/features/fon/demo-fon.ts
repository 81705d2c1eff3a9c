import {
  cashRegisterDecider,
  cashRegisterStreamId,
  firmDecider,
  firmStreamId,
  fonUserDecider,
  fonUserStreamId,
  itemIdOf,
  quotaBookDecider,
  quotaBookStreamId,
  taxOfficeOf,
} from '@portal/domain';
import type { FeatureSeed } from '../../seed/feature-seeds';
import { demoFon, demoRegisters } from './demo-fon-data';
import { fonQuotaCsv, ntcsCsv } from './imports/fon-file-writer';
import { FonImporter } from './imports/fon-importer';

export const DEMO_FIRM_ID = 'huber-partner';

/**
 * FON monitoring's demo: the firm with a sealed WebEKU password, a web-service user (sandbox) and a file user,
 * the FON quota list and the NTCS export of last year imported through the importer (each with a broken row,
 * rejected), one conflict resolved with a remark, one return marked not relevant, and cash registers in every state.
 */
export const seedDemoFon: FeatureSeed = async ({ runtime, now, context, userIds, seal }) => {
  const data = demoFon(now);
  const as = (step: string) => ({ ...context(null, `fon:${step}`), userId: userIds.admin ?? 'system' });
  await runtime.execute(
    firmDecider,
    firmStreamId(DEMO_FIRM_ID),
    {
      type: 'RegisterFirm',
      firmId: DEMO_FIRM_ID,
      values: { name: 'Huber & Partner Steuerberatung', ntcsId: 4711, webekuUser: 'huber.partner' },
      webekuPassword: seal('Demo-WebEKU-2026!'),
    },
    as('firm'),
  );
  await runtime.execute(
    fonUserDecider,
    fonUserStreamId('fon-ws-demo'),
    {
      type: 'RegisterFonUser',
      userId: 'fon-ws-demo',
      values: {
        firmId: DEMO_FIRM_ID,
        name: `Quote ${data.taxYear} Webservice`,
        quotaYear: data.taxYear,
        type: 'webservice',
        tid: 123456789,
        benid: 'WSHUBER1',
      },
      pin: seal('demo-pin'),
    },
    as('user-ws'),
  );
  await runtime.execute(
    fonUserDecider,
    fonUserStreamId('fon-file-demo'),
    {
      type: 'RegisterFonUser',
      userId: 'fon-file-demo',
      values: { firmId: DEMO_FIRM_ID, name: `Quote ${data.taxYear - 1} Datei`, quotaYear: data.taxYear - 1, type: 'file', tid: null, benid: null },
      pin: null,
    },
    as('user-file'),
  );

  const importer = new FonImporter((decider, stream, command, ctx) => runtime.execute(decider, stream, command, ctx), null);
  const broken = (csv: string, row: string) => `${csv}${row}\r\n`;
  const fonFile = broken(fonQuotaCsv(data.taxYear, data.fon), `46-000/00;Unbekannt;Linz;${data.taxYear};ESt;ja;nein;;`);
  const ntcsFile = broken(ntcsCsv(data.taxYear, data.ntcs), `;Ohne Nummer;46-123/4567;ESt;${data.taxYear};;;`);
  for (const [step, source, fileName, text] of [
    ['fon-import', 'fon-file', `Quotenliste_${data.taxYear}.csv`, fonFile],
    ['ntcs-import', 'ntcs', `NTCS_Klienten_${data.taxYear}.csv`, ntcsFile],
  ] as const) {
    const id = await importer.start(
      { firmId: DEMO_FIRM_ID, source, taxYear: data.taxYear, fonUserId: null, fileName, content: Buffer.from(text, 'utf8') },
      as(step),
    );
    await importer.wait(id);
  }

  const book = (taxId: string) => quotaBookStreamId(DEMO_FIRM_ID, data.taxYear, taxOfficeOf(taxId));
  const resolveItem = itemIdOf(DEMO_FIRM_ID, data.taxYear, data.resolve.taxId, data.resolve.returnType);
  await runtime.execute(
    quotaBookDecider,
    book(data.resolve.taxId),
    { type: 'ResolveFonConflict', conflictId: `${resolveItem}|ntcs_mismatch|abgabedatum|1`, remark: data.resolve.remark },
    as('resolve'),
  );
  await runtime.execute(
    quotaBookDecider,
    book(data.notRelevant.taxId),
    {
      type: 'SetFonItemRelevance',
      itemId: itemIdOf(DEMO_FIRM_ID, data.taxYear, data.notRelevant.taxId, data.notRelevant.returnType),
      notRelevant: true,
      remark: data.notRelevant.remark,
    },
    as('not-relevant'),
  );

  for (const [i, r] of demoRegisters(now, data.fon).entries()) {
    const id = `demo-${i + 1}`;
    await runtime.execute(
      cashRegisterDecider,
      cashRegisterStreamId(id),
      {
        type: 'RegisterCashRegister',
        registerId: id,
        values: { firmId: DEMO_FIRM_ID, clientNo: r.clientNo, taxId: r.taxId, name: r.name, regKassaId: r.regKassaId, registeredDate: r.registeredDate },
        status: r.status,
        statusTime: r.statusTime,
      },
      as(`register-${i}`),
    );
    if (r.checked)
      await runtime.execute(cashRegisterDecider, cashRegisterStreamId(id), { type: 'CheckAnnualReceipt', year: now.getUTCFullYear() - 1 }, as(`receipt-${i}`));
  }
};
