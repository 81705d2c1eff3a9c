import { ORIGIN } from '@portal/contracts';
import { fieldsToCheck } from './review-fields';

describe('fields to check after the reading', () => {
  it('given fields left empty for review, when nobody filled them, then the form marks them', () => {
    expect(fieldsToCheck({ review_fields: ['due_date', 'gross_amount'], booking_origins: {} })).toEqual(['due_date', 'gross_amount']);
  });

  it('given tax rates for review, then the tax rate field is marked once', () => {
    expect(fieldsToCheck({ review_fields: ['tax_rates', 'tax_breakdown'], booking_origins: {} })).toEqual(['tax_rate']);
  });

  it('given a person entered the value, then the mark is gone; a machine value keeps it', () => {
    expect(fieldsToCheck({ review_fields: ['due_date', 'net_amount'], booking_origins: { due_date: ORIGIN.Human_Labeling, net_amount: ORIGIN.OCR } })).toEqual([
      'net_amount',
    ]);
  });

  it('given a field the form does not hold (the kind of document), then nothing is marked for it', () => {
    expect(fieldsToCheck({ review_fields: ['document_kind'], booking_origins: {} })).toEqual([]);
    expect(fieldsToCheck({ booking_origins: {} })).toEqual([]);
  });
});
