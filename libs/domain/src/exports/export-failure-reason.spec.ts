import { documentsNamedByFailure, exportFailureReasonFor, HIDDEN_EXPORT_FAILURE } from './export-failure-reason';

describe('the reason of a failed export', () => {
  it('names the documents the failure recorded', () => {
    expect(documentsNamedByFailure({ reason: 'The original of "lohn-7.pdf" is missing.', documentIds: [7001] })).toEqual([7001]);
    expect(documentsNamedByFailure({ reason: 'The export was interrupted.', documentIds: [] })).toEqual([]);
  });

  it('recorded before failures named their documents, names every number in it', () => {
    expect(documentsNamedByFailure({ reason: 'The original of document 7001 is missing; document 7001 again, 2026.' })).toEqual([7001, 2026]);
  });

  it('reads "The export failed." for a reader from whom a named document is hidden, and unchanged otherwise', () => {
    const hidden = (id: number) => id === 7001;
    expect(exportFailureReasonFor('The original of "lohn.pdf" is missing.', [7002, 7001], hidden)).toBe(HIDDEN_EXPORT_FAILURE);
    expect(exportFailureReasonFor('The original of "metro.pdf" is missing.', [7002], hidden)).toBe('The original of "metro.pdf" is missing.');
    expect(exportFailureReasonFor('The server restarted.', [], () => true)).toBe('The server restarted.');
  });
});
