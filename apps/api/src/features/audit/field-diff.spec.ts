import { diffRecords } from './field-diff';

describe('the fields that differ between two read-model records', () => {
  it('names nested members by their dotted path and leaves out what is equal or carries no audit meaning', () => {
    const before = { title: 'A', revision: 1, fields: { biller: { name: 'Alt', city: 'Wien' } } };
    const after = { title: 'A', revision: 2, fields: { biller: { name: 'Neu', city: 'Wien' } } };
    expect(diffRecords(before, after)).toEqual([{ field: 'fields.biller.name', old: 'Alt', new: 'Neu' }]);
  });

  it('compares the e-invoice’s further terms as one field, as the readable view shows them together', () => {
    const before = { einvoice: { syntax: 'UBL', terms: { payment: { means_code: '30' } } } };
    const after = { einvoice: { syntax: 'UBL', terms: { payment: { means_code: '58' }, totals: { line_total: 100 } } } };
    expect(diffRecords(before, after)).toEqual([{ field: 'einvoice.terms', old: before.einvoice.terms, new: after.einvoice.terms }]);
  });

  it('leaves out fields that go from one kind of empty to another, as the unset fields of a new record do', () => {
    const after = { title: 'Rechnung', due_date: null, iban: '', line_items: [], fields: { biller: { name: null } } };
    expect(diffRecords(null, after)).toEqual([{ field: 'title', old: undefined, new: 'Rechnung' }]);
    expect(diffRecords({ due_date: '', tags: [] }, { due_date: null })).toEqual([]);
  });
});
