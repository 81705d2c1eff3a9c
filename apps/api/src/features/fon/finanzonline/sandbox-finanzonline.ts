import type { FonRecord, FonSide } from '@portal/domain';
import { FON_QUOTA_ITEMS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { fonQuotaXml } from '../imports/fon-file-writer';
import type { FonCredentials, QuotaFile, QuotaSource } from './quota-source';
import { FinanzOnlineError } from './quota-source';

/**
 * The demo stand-in for FinanzOnline (demo mode without FON_HERSTELLER_ID, shown as "sandbox"): after a delay
 * like a DataBox round trip it answers the quota list FinanzOnline gave last (the FON side of the items), so a
 * fetch runs the whole import and changes nothing. The PIN "falsch" is refused like a wrong login (rc −4).
 */
export class SandboxFinanzOnline implements QuotaSource {
  readonly kind = 'sandbox' as const;

  constructor(
    private readonly reads: ReadStore,
    private readonly delayMs: number,
  ) {}

  async fetchQuotaFile(credentials: FonCredentials, request: { firmId: string; taxYear: number }): Promise<QuotaFile> {
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (credentials.pin === 'falsch')
      throw new FinanzOnlineError('FinanzOnline refused the login (rc -4): the Teilnehmer-ID, Benutzer-ID or PIN is wrong.', -4);
    const page = await this.reads.find(FON_QUOTA_ITEMS, {
      where: { firm_id: request.firmId, tax_year: request.taxYear, registered: true },
      sort: [['id', 1]],
      skip: 0,
      limit: 1_000_000,
    });
    const records: FonRecord[] = page.data.map((doc) => ({
      ...(doc.fon as FonSide),
      taxId: String(doc.tax_digits),
      returnType: doc.quotenArt as FonRecord['returnType'],
    }));
    if (records.length === 0) throw new FinanzOnlineError(`The DataBox holds no quota list of ${request.taxYear} from the last 31 days.`);
    return { fileName: `Quotenliste_${request.taxYear}_Sandbox.xml`, content: Buffer.from(fonQuotaXml(request.taxYear, records), 'utf8') };
  }
}
