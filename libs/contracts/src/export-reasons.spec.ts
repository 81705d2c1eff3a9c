import { exportReasonParts } from './export-reasons';

describe('recorded ERP export reasons', () => {
  it('takes a refusal apart into fields and known messages with their values', () => {
    expect(
      exportReasonParts('supplier_account: is missing; invoice_date: 2026-13-01 is not a date; currency: USD cannot be exported; the booking batch is in EUR'),
    ).toEqual([
      { field: 'supplier_account', key: 'missing', params: {}, text: 'is missing' },
      { field: 'invoice_date', key: 'notADate', params: { value: '2026-13-01' }, text: '2026-13-01 is not a date' },
      { field: 'currency', key: 'notEur', params: { value: 'USD' }, text: 'USD cannot be exported; the booking batch is in EUR' },
    ]);
    expect(exportReasonParts('invoice_date: 2025-12-31 is outside the period 2026-01-01 to 2026-12-31')[0]).toMatchObject({
      key: 'outsidePeriod',
      params: { value: '2025-12-31', from: '2026-01-01', to: '2026-12-31' },
    });
  });

  it('recognises a failed job and keeps what it does not know as recorded', () => {
    expect(exportReasonParts('The export failed: disk full')).toEqual([
      { field: null, key: 'exportFailed', params: { message: 'disk full' }, text: 'The export failed: disk full' },
    ]);
    expect(exportReasonParts('disk full')).toEqual([{ field: null, key: null, params: {}, text: 'disk full' }]);
  });

  it('recognises what an imported document records: the format and the export file', () => {
    expect(exportReasonParts('DATEV export export-1001-2026-DATEV-20261129T1212.zip')).toEqual([
      {
        field: null,
        key: 'exported',
        params: { format: 'DATEV', file: 'export-1001-2026-DATEV-20261129T1212.zip' },
        text: 'DATEV export export-1001-2026-DATEV-20261129T1212.zip',
      },
    ]);
  });
});
