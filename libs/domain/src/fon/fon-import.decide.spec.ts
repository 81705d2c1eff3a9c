import { specFor } from '../../test/given-when-then';
import { fonImportDecider } from './fon-import.decide';
import type { FonImportEvent } from './fon-import.events';

const started = (source: 'fon-file' | 'fon-webservice' | 'ntcs', fonUserId: string | null): FonImportEvent => ({
  type: 'FonImportStarted',
  data: { importId: 'i1', firmId: 'f1', fonUserId, source, taxYear: 2025, fileName: source === 'fon-webservice' ? null : 'quote.csv', fileSha256: null },
});
const counts = { rows: 1, items_new: 1, items_changed: 0, conflicts_opened: 0, conflicts_closed: 0, rejected: 0 };

describe('FON import job', () => {
  const spec = specFor(fonImportDecider);

  it('names the FON user and year of a web-service fetch on its outcome, so a later fetch of them is another attempt', () => {
    spec([started('fon-webservice', 'u1')])
      .when({ type: 'FailFonImport', reason: 'FinanzOnline refused the login (rc -4).' })
      .then([{ type: 'FonImportFailed', data: { reason: 'FinanzOnline refused the login (rc -4).', fetch: { fonUserId: 'u1', taxYear: 2025 } } }]);
    spec([started('fon-webservice', 'u1')])
      .when({ type: 'CompleteFonImport', counts, rejected: [] })
      .then([{ type: 'FonImportCompleted', data: { counts, rejected: [], fetch: { fonUserId: 'u1', taxYear: 2025 } } }]);
  });

  it('names no fetch on the outcome of a file import, even one made for a FON user', () => {
    spec([started('fon-file', 'u1')])
      .when({ type: 'FailFonImport', reason: 'The file is empty.' })
      .then([{ type: 'FonImportFailed', data: { reason: 'The file is empty.' } }]);
    spec([started('ntcs', null)])
      .when({ type: 'CompleteFonImport', counts, rejected: [] })
      .then([{ type: 'FonImportCompleted', data: { counts, rejected: [] } }]);
  });

  it('beats while the job runs, and not after it ended', () => {
    spec([started('fon-file', null)])
      .when({ type: 'BeatFonImport' })
      .then([{ type: 'FonImportHeartbeat', data: {} }]);
    spec([started('fon-file', null), { type: 'FonImportCompleted', data: { counts, rejected: [] } }])
      .when({ type: 'BeatFonImport' })
      .then([]);
  });

  it('ends a job once: a second failure changes nothing, a job that ended cannot complete', () => {
    const failed: FonImportEvent = { type: 'FonImportFailed', data: { reason: 'x' } };
    spec([started('fon-file', null), failed])
      .when({ type: 'FailFonImport', reason: 'again' })
      .then([]);
    spec([started('fon-file', null), failed])
      .when({ type: 'CompleteFonImport', counts, rejected: [] })
      .thenThrows(/not running/);
  });
});
