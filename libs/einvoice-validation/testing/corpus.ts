/**
 * The shared e-invoices for differential tests, split by producer: the KoSIT XRechnung test suite is the
 * development half; the ZUGFeRD/Factur-X PDFs of other producers (Mustang, intarsys, FNFE) are held out.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sharedDir } from './oracle';
import { embeddedInvoiceXml, pdfAttachments } from './pdf-attachments';

export type Half = 'development' | 'held-out';

export interface CorpusInvoice {
  name: string;
  producer: string;
  half: Half;
  xml: string;
}

function listFiles(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), ext) : e.name.toLowerCase().endsWith(ext) ? [path.join(dir, e.name)] : []))
    .sort();
}

export async function loadCorpus(): Promise<CorpusInvoice[]> {
  const shared = sharedDir();
  if (!shared) return [];
  const base = path.join(shared, 'fixtures/e-invoices');
  const out: CorpusInvoice[] = listFiles(path.join(base, 'xrechnung'), '.xml').map((f) => ({
    name: path.relative(base, f),
    producer: 'KoSIT',
    half: 'development' as const,
    xml: readFileSync(f, 'utf8'),
  }));
  for (const [folder, producer] of [
    ['zugferd', 'Mustang'],
    ['corpus/intarsys-zugferd-2.0', 'intarsys'],
    ['corpus/intarsys-zugferd-1.0', 'intarsys'],
    ['corpus/fnfe-factur-x', 'FNFE'],
  ] as const) {
    for (const f of listFiles(path.join(base, folder), '.pdf')) {
      try {
        const xml = embeddedInvoiceXml(await pdfAttachments(readFileSync(f)));
        if (xml) out.push({ name: path.relative(base, f), producer, half: 'held-out', xml });
      } catch {
        // a broken PDF (one is in the corpus on purpose) holds no invoice
      }
    }
  }
  return out;
}
