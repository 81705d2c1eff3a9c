import { sealEvents, SqliteEventStore } from '@portal/event-store';
import { SqliteReadStore } from '@portal/read-store';
import { EXPORT_JOBS } from '@portal/read-models';
import { replayInto } from '../runtime/replay';
import { exportJobsProjection } from './export-jobs.projection';

const ID = '0b4f3c1e-6d2a-4a8e-9f10-2c3d4e5f6a7b';
const meta = (n: number) => ({ userId: 'accountant', clientNo: 1001, time: `2026-04-02T10:00:0${n}.000Z`, commandId: `c${n}`, correlationId: ID });
const requested = {
  type: 'ExportRequested',
  data: { exportId: ID, client_no: 1001, accounting: 2026, format: 'DATEV', documentIds: [5, 6], requestedBy: 'accountant' },
  metadata: meta(1),
};

async function project(...later: Array<{ type: string; data: Record<string, unknown> }>) {
  const events = new SqliteEventStore(':memory:');
  const stream = `export-${ID}`;
  await events.append(stream, sealEvents(stream, null, [requested, ...later.map((e, i) => ({ ...e, metadata: meta(i + 2) }))]), 'no_stream');
  const reads = new SqliteReadStore(':memory:');
  await replayInto(events, reads, [exportJobsProjection]);
  const job = await reads.get(EXPORT_JOBS, ID);
  await reads.close();
  return job;
}

describe('export jobs projection', () => {
  it('shows a requested export as in progress with its documents and requester', async () => {
    expect(await project()).toMatchObject({
      id: ID,
      client_no: 1001,
      accounting: 2026,
      format: 'DATEV',
      status: 'in progress',
      document_ids: [5, 6],
      requested_by: 'accountant',
      requested_at: '2026-04-02T10:00:01.000Z',
      finished_at: null,
      file_name: null,
      revision: 0,
    });
  });

  it('shows a completed export as done with its file, count and results', async () => {
    const results = [
      { documentId: 5, status: 'imported', reason: 'x' },
      { documentId: 6, status: 'error', reason: 'supplier_account: is missing' },
    ];
    expect(
      await project({ type: 'ExportCompleted', data: { fileSha256: 'f'.repeat(64), fileName: 'e.zip', count: 1, documentResults: results } }),
    ).toMatchObject({
      status: 'done',
      file_name: 'e.zip',
      file_sha256: 'f'.repeat(64),
      count: 1,
      document_results: results,
      finished_at: '2026-04-02T10:00:02.000Z',
      revision: 1,
    });
  });

  it('shows a failed export with its reason', async () => {
    expect(await project({ type: 'ExportFailed', data: { reason: 'The export failed: disk full' } })).toMatchObject({
      status: 'failed',
      reason: 'The export failed: disk full',
      file_name: null,
      finished_at: '2026-04-02T10:00:02.000Z',
    });
  });
});
