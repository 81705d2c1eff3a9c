import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { documentStreamId } from '@portal/domain';
import { sealEvents, type DraftMetadata } from '@portal/event-store';
import { seededRandom } from '@portal/demo-data';
import { COMMON_INVOICE_WORDS, tailWord } from './read-store/synthetic-invoices';

/**
 * Writes realistic, hash-chained document events straight into a SQLite event file (positions
 * continue after the events already in it): per document DocumentUploaded, DocumentTextExtracted and
 * DocumentFieldsExtracted (a few percent DocumentFlagged instead of the extraction, ~35 % later
 * DocumentConfirmed), and stores each extracted text in the folder blob store layout
 * (`<blobs>/ab/cd/<sha256>`, sha256 = the event's textSha256). Texts are ~200-400 words of
 * invoice-like German/English (mirrors ./read-store/synthetic-invoices.ts).
 * Deterministic for a seed, except command ids (random UUIDs like the portal's).
 */
export interface DocumentGenerateOptions {
  documents: number;
  /** Client numbers the documents belong to (evenly); default the demo companies 1001-1006. */
  clients?: number[];
  seed?: number;
  /** Upload times spread over this many days before `until`; default 730. */
  days?: number;
  until?: Date;
  /** The uploader's user id in the metadata. */
  userId?: string;
}

export interface DocumentGenerateReport {
  documents: number;
  events: number;
  textBytes: number;
  ms: number;
  perClient: Record<number, number>;
  /** Words planted for the search figures, with how many documents hold them. */
  rareWord: string;
  rareCount: number;
}

const BILLERS = [
  'Telekom Austria AG',
  'Vodafone GmbH',
  'Müller Bürobedarf GmbH',
  'Schäfer Shop GmbH',
  'Bäckerei Huber OG',
  'Amazon EU S.à r.l.',
  'Lidl Österreich GmbH',
  'Stadtwerke Graz AG',
  'Allianz Elementar AG',
  'Hornbach Baumarkt AG',
  'Gletscherblick Bergbahnen GmbH',
  'Alpen Logistik KG',
  'Donau Software GmbH',
  'Tiroler Holzbau e.U.',
  'Wiener Energie GmbH',
];
const SUBJECTS = [
  'Rechnung',
  'Invoice',
  'Gutschrift',
  'Rechnung Wartung',
  'Rechnung Miete',
  'Stromrechnung',
  'Telefonrechnung',
  'Beratungsleistung',
  'Lieferung',
  'Reparatur',
];
const CATEGORIES: Array<[string, number]> = [
  ['ER_U', 0.45],
  ['ER', 0.2],
  ['AR_U', 0.1],
  ['AR', 0.1],
  ['KA', 0.1],
  ['Other', 0.05],
];
/** A word planted in every 2,000th document of each client: a rare word for the search figures. */
export const RARE_WORD = 'Zirbenholzstube';

const money = (v: number) => v.toFixed(2).replace('.', ',');

export async function generateDocuments(eventsFile: string, blobsDir: string, options: DocumentGenerateOptions): Promise<DocumentGenerateReport> {
  const t0 = performance.now();
  if (!existsSync(eventsFile)) throw new Error(`generateDocuments: ${eventsFile} does not exist (seed the data dir first)`);
  const db = new Database(eventsFile);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const insert = db.prepare('INSERT INTO events (stream_id, revision, type, data, metadata, command_id) VALUES (?, ?, ?, ?, ?, ?)');
  const rnd = seededRandom(options.seed ?? 4711);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const clients = options.clients ?? [1001, 1002, 1003, 1004, 1005, 1006];
  const userId = options.userId ?? 'bench-uploader';
  const until = (options.until ?? new Date()).getTime();
  const span = (options.days ?? 730) * 86_400_000;
  const perClient: Record<number, number> = {};
  const madeDirs = new Set<string>();
  let rows: [string, number, string, string, string, string][] = [];
  const flush = db.transaction((batch: typeof rows) => {
    for (const r of batch) insert.run(...r);
  });
  let events = 0;
  let textBytes = 0;
  let rareCount = 0;
  const usedIds = new Set<number>();

  for (let i = 0; i < options.documents; i++) {
    let documentId = 0;
    do documentId = 1_000_000_000 + Math.floor(rnd() * 2 ** 40);
    while (usedIds.has(documentId));
    usedIds.add(documentId);
    const clientNo = clients[i % clients.length]!;
    perClient[clientNo] = (perClient[clientNo] ?? 0) + 1;
    const r = rnd();
    let acc = 0;
    let category = 'Other';
    for (const [c, p] of CATEGORIES)
      if (r < (acc += p)) {
        category = c;
        break;
      }
    // Upload times rise with i (the log's order), spread over `days`.
    const uploaded = until - span + Math.floor((i / options.documents) * span) + Math.floor(rnd() * 60_000);
    const biller = rnd() < 0.05 ? BILLERS[0]! : BILLERS[1 + Math.floor(rnd() ** 2 * (BILLERS.length - 1))]!;
    const year = new Date(uploaded).getUTCFullYear();
    const invoiceNumber = `RE-${year}-${String(i).padStart(6, '0')}`;
    const invoiceDate = new Date(uploaded - Math.floor(rnd() * 10) * 86_400_000).toISOString().slice(0, 10);
    const dueDate = new Date(Date.parse(invoiceDate) + 14 * 86_400_000).toISOString().slice(0, 10);
    const net = Math.round(rnd() * 500_000) / 100 + 1;
    const rate = pick([20, 20, 20, 10, 19, 13]);
    const tax = Math.round(net * rate) / 100;
    const gross = Math.round((net + tax) * 100) / 100;
    const subject = pick(SUBJECTS);
    const english = rnd() < 0.25;
    const fileName = `${subject.replace(/ /g, '_')}_${invoiceNumber}.pdf`;
    const sha256 = createHash('sha256').update(`bench-original-${documentId}`).digest('hex');
    const pages = 1 + Math.floor(rnd() ** 3 * 4);
    const size = 30_000 + Math.floor(rnd() * 200_000);

    // The text: header lines with the fields, then ~200-400 words of invoice prose and a long tail.
    const words: string[] = [
      biller,
      english ? 'Invoice' : 'Rechnung',
      english ? 'Invoice number' : 'Rechnungsnummer',
      invoiceNumber,
      english ? 'Date' : 'Rechnungsdatum',
      invoiceDate,
      subject,
    ];
    const length = 200 + Math.floor(rnd() * 200);
    while (words.length < length) {
      const roll = rnd();
      if (roll < 0.6) words.push(COMMON_INVOICE_WORDS[Math.floor(rnd() * COMMON_INVOICE_WORDS.length)]!);
      else if (roll < 0.97) words.push(tailWord(Math.floor(30_000 * rnd() ** 3)));
      else if (roll < 0.985) words.push(`${Math.floor(rnd() * 5000)},${String(Math.floor(rnd() * 100)).padStart(2, '0')}`);
      else words.push(biller.split(' ')[0]!);
    }
    if (perClient[clientNo]! % 2000 === 7) {
      words.splice(20 + Math.floor(rnd() * 100), 0, RARE_WORD);
      rareCount++;
    }
    words.push(
      english ? 'Net' : 'Netto',
      money(net),
      `USt ${rate} %`,
      money(tax),
      english ? 'Total' : 'Gesamtbetrag',
      money(gross),
      'EUR',
      'IBAN AT61 1904 3002 3457 3201',
    );
    const text = words.join(' ');
    const textBuffer = Buffer.from(text, 'utf8');
    const textSha256 = createHash('sha256').update(textBuffer).digest('hex');
    const dir = join(blobsDir, textSha256.slice(0, 2), textSha256.slice(2, 4));
    if (!madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      madeDirs.add(dir);
    }
    writeFileSync(join(dir, textSha256), textBuffer);
    textBytes += textBuffer.length;

    const streamId = documentStreamId(documentId);
    const drafts: { type: string; data: Record<string, unknown>; metadata: DraftMetadata }[] = [];
    let clock = uploaded;
    const meta = (who: string, origin?: number): DraftMetadata => {
      const commandId = randomUUID();
      return {
        userId: who,
        clientNo,
        time: new Date(clock).toISOString(),
        commandId,
        correlationId: commandId,
        ...(origin === undefined ? {} : { originCode: origin }),
      } as DraftMetadata;
    };
    drafts.push({
      type: 'DocumentUploaded',
      data: { documentId, clientNo, fileName, mediaType: 'application/pdf', size, sha256, category, title: fileName.replace(/\.pdf$/, '').replace(/_/g, ' ') },
      metadata: meta(userId),
    });
    clock += 2000 + Math.floor(rnd() * 8000);
    if (rnd() < 0.03) {
      drafts.push({
        type: 'DocumentFlagged',
        data: { flag: rnd() < 0.5 ? 'Broken' : 'BadRendering', reason: 'The PDF could not be read: Invalid PDF structure.' },
        metadata: meta('ocr-worker'),
      });
    } else {
      const origin = rnd() < 0.3 ? 7 : 2;
      drafts.push({
        type: 'DocumentTextExtracted',
        data: {
          origin,
          pages,
          pageOrigins: Array.from({ length: pages }, () => origin),
          textSha256,
          textLength: text.length,
          language: english ? 'en' : 'de',
          ms: 200 + Math.floor(rnd() * 3000),
        },
        metadata: meta('ocr-worker'),
      });
      const fields = {
        invoice_number: invoiceNumber,
        invoice_date: invoiceDate,
        due_date: dueDate,
        biller: { name: biller, city: pick(['Wien', 'Graz', 'Linz', 'München', 'Salzburg']), country: 'AT' },
        recipient: { name: `Klient ${clientNo}` },
        currency: 'EUR',
        net_amount: net,
        tax_amount: tax,
        gross_amount: gross,
        tax_rates: [rate],
        iban: 'AT611904300234573201',
      };
      const fieldOrigins = Object.fromEntries(Object.keys(fields).map((k) => [k, origin]));
      drafts.push({ type: 'DocumentFieldsExtracted', data: { origin, fields, fieldOrigins, einvoice: null }, metadata: meta('ocr-worker') });
      if (rnd() < 0.35) {
        clock += 86_400_000 * (1 + Math.floor(rnd() * 20));
        drafts.push({ type: 'DocumentConfirmed', data: { category }, metadata: meta(userId, 12) });
      }
    }
    const sealed = sealEvents(streamId, null, drafts as Parameters<typeof sealEvents>[2]);
    sealed.forEach((e, revision) => {
      rows.push([streamId, revision, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata), e.metadata.commandId]);
    });
    events += sealed.length;
    if (rows.length >= 5000) {
      flush(rows);
      rows = [];
    }
  }
  if (rows.length) flush(rows);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { documents: options.documents, events, textBytes, ms: performance.now() - t0, perClient, rareWord: RARE_WORD, rareCount };
}
