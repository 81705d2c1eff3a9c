import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FolderBlobStore } from '@portal/blob-store';
import { SqliteEventStore } from '@portal/event-store';
import { ALL_PROJECTIONS, replayInto } from '@portal/projections';
import { SqliteReadStore } from '@portal/read-store';
import { generateDocuments } from './document-generator';

/**
 * node apps/api/dist/bench/build-documents.js <dataDir> <documents>
 * On a seeded data dir (demo companies and users, portal stopped): appends generated document
 * events with their texts in <dataDir>/blobs, then rebuilds <dataDir>/read-models.sqlite by replay.
 * Prints one JSON line `BUILD {...}` with the timings. Run by the documents benchmark (item 4).
 */
async function main(): Promise<void> {
  const [dataDir, count] = process.argv.slice(2);
  if (!dataDir || !count) throw new Error('usage: build-documents <dataDir> <documents>');
  const eventsFile = join(dataDir, 'events.sqlite');
  const blobsDir = join(dataDir, 'blobs');
  const generated = await generateDocuments(eventsFile, blobsDir, { documents: Number(count), seed: 4711 });
  process.stdout.write(
    `generated ${generated.documents} documents, ${generated.events} events, ${(generated.textBytes / 1048576).toFixed(0)} MiB text in ${(generated.ms / 1000).toFixed(1)} s\n`,
  );
  const readsFile = join(dataDir, 'read-models.sqlite');
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(`${readsFile}${suffix}`)) rmSync(`${readsFile}${suffix}`);
  const events = new SqliteEventStore(eventsFile, { synchronous: 'NORMAL' });
  const reads = new SqliteReadStore(readsFile);
  const blobs = new FolderBlobStore(blobsDir);
  const readText = async (sha256: string) => (await blobs.get(sha256))?.toString('utf8') ?? null;
  await reads.ensureCollections(ALL_PROJECTIONS.flatMap((p) => p.collections));
  // Through the projector's batches: the rebuild path would hold 200,000 documents with their texts in memory.
  const replay = await replayInto(events, reads, ALL_PROJECTIONS, { readText, rebuild: false });
  await reads.close();
  await events.close();
  const report = {
    documents: generated.documents,
    documentEvents: generated.events,
    perClient: generated.perClient,
    rareWord: generated.rareWord,
    rareCount: generated.rareCount,
    textMiB: +(generated.textBytes / 1048576).toFixed(1),
    generateSeconds: +(generated.ms / 1000).toFixed(1),
    replayedEvents: replay.events,
    replaySeconds: +(replay.ms / 1000).toFixed(1),
    replayPeakRssMiB: Math.round(replay.peakRssBytes / 1048576),
    readModelsMiB: +(statSync(readsFile).size / 1048576).toFixed(1),
    eventsMiB: +(statSync(eventsFile).size / 1048576).toFixed(1),
  };
  process.stdout.write(`BUILD ${JSON.stringify(report)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`build-documents failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
