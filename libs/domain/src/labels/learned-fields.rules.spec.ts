import { ORIGIN } from '@portal/contracts';
import { applyPredictions, hasLabelValue, labelValuesOf } from './learned-fields.rules';

describe('learned field values', () => {
  it('read the label fields of extracted fields', () => {
    expect(labelValuesOf({ invoice_number: 'RE-7', biller: { name: 'Metro', vat_id: 'ATU1' }, tax_rates: [20], iban: '' })).toEqual({
      invoice_number: 'RE-7',
      biller: 'Metro',
      biller_vat_id: 'ATU1',
      tax_rate: 20,
    });
    expect(hasLabelValue({ tax_rates: [] }, 'tax_rate')).toBe(false);
  });

  it('fill only empty fields with confident predictions, never an e-invoice value', () => {
    const { fields, origins, learned } = applyPredictions(
      { invoice_number: 'RE-7' },
      { gross_amount: ORIGIN.EInvoice_XML },
      {},
      {
        invoice_number: { value: 'RE-8', confidence: 0.9, examples: 3 },
        biller: { value: 'Metro', confidence: 0.8, examples: 3 },
        due_date: { value: '2026-03-01', confidence: 0.2, examples: 1 },
        gross_amount: { value: 99, confidence: 0.9, examples: 3 },
      },
    );
    expect(learned).toEqual(['biller']);
    expect(fields).toEqual({ invoice_number: 'RE-7', biller: { name: 'Metro' } });
    expect(origins).toMatchObject({ biller: ORIGIN.Machine_Learning });
  });
});
