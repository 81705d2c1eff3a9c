import { exportOutcome } from './exports';

const result = (documentId: number, status: 'imported' | 'error' | 'info') => ({ documentId, status, reason: '' });

describe('exportOutcome', () => {
  it('keeps a running and a failed job as they are', () => {
    expect(exportOutcome({ status: 'in progress', count: null, document_results: [] })).toBe('in progress');
    expect(exportOutcome({ status: 'failed', count: null, document_results: [] })).toBe('failed');
  });

  it('calls a finished job that wrote every invoice done', () => {
    expect(exportOutcome({ status: 'done', count: 2, document_results: [result(1, 'imported'), result(2, 'info')] })).toBe('done');
  });

  it('calls a job that wrote no booking while refusing invoices failed, never done', () => {
    expect(exportOutcome({ status: 'done', count: 0, document_results: [result(1, 'error'), result(2, 'error')] })).toBe('failed');
  });

  it('calls a job that refused some invoices and wrote others partial', () => {
    expect(exportOutcome({ status: 'done', count: 1, document_results: [result(1, 'imported'), result(2, 'error')] })).toBe('partial');
  });
});
