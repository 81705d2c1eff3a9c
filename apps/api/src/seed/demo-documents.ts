import { ALL_PERMISSIONS, type User } from '@portal/contracts';
import { generateDemoInvoices } from '@portal/demo-data';
import type { UploadService } from '../features/documents/upload.service';
import { DEMO_COMPANIES } from './demo-data';

/** The demo seed's uploader: a firm account with every client, going through the same upload path as users. */
const SEED_USER: User = {
  keycloakId: 'system',
  username: 'system',
  permissions_array: ALL_PERMISSIONS,
  firstName: 'Demo',
  lastName: 'Seed',
  email: 'system@portal.invalid',
  locale: 'en',
  klienten_array: [],
  all_clients: true,
  favClient: null,
  enabled: true,
};

/** Uploads generated invoices (text layer, ZUGFeRD, scanned) for every demo company; returns how many were accepted. */
export async function seedDemoDocuments(uploads: UploadService, perCompany: number, today: Date): Promise<number> {
  let accepted = 0;
  for (const company of DEMO_COMPANIES) {
    const invoices = await generateDemoInvoices({
      companyNo: company.company_no,
      companyName: company.company_name,
      companyPlace: company.company_place,
      count: perCompany,
      seed: company.company_no,
      today,
    });
    for (const direction of ['incoming', 'outgoing'] as const) {
      const files = invoices.filter((i) => i.direction === direction).map((i) => ({ originalName: i.fileName, bytes: i.bytes }));
      if (files.length === 0) continue;
      // Bulk intake: a person's upload goes ahead of these in the reading line.
      const outcomes = await uploads.upload(SEED_USER, company.company_no, direction === 'incoming' ? 'ER_U' : 'AR_U', files, false, 'bulk');
      accepted += outcomes.filter((o) => o.ok).length;
    }
  }
  return accepted;
}
