import { detectConflicts, formatTaxId, itemIdOf, itemStateOf, taxOfficeOf } from './fon-records.rules';

describe('tax numbers', () => {
  it('are formatted as FinanzOnline prints them, and name their tax office and quota item', () => {
    expect(formatTaxId('461234567')).toBe('46-123/4567');
    expect(taxOfficeOf('46-123/4567')).toBe('46');
    expect(itemIdOf('huber-partner', 2024, '46-123/4567', 'ESt')).toBe('huber-partner:2024:461234567:ESt');
    expect(itemIdOf('mayr-steuer', 2024, '46-123/4567', 'ESt')).not.toBe(itemIdOf('huber-partner', 2024, '46-123/4567', 'ESt'));
  });
});

describe('conflict detection', () => {
  const side = { name: 'A', businessIncome: false, counted: true, abgabedatum: '2025-10-01', eingangsDatum: '2025-10-01' };
  const other = { persNr: 'P1', name: 'A', filingDate: '2025-10-01', responsible: null };

  it('finds no NTCS record for a FON return once NTCS data was imported', () => {
    expect(detectConflicts(side, null, true)).toEqual([{ kind: 'no_ntcs_record', field: 'ntcsPersNr', fon_value: 'A', ntcs_value: null }]);
    expect(detectConflicts(side, null, false)).toEqual([]);
  });

  it('finds a value mismatch in NTCS when FinanzOnline’s submission date is missing or different there', () => {
    expect(detectConflicts(side, { ...other, filingDate: null }, true)).toEqual([
      { kind: 'ntcs_mismatch', field: 'abgabedatum', fon_value: '2025-10-01', ntcs_value: null },
    ]);
    expect(detectConflicts(side, { ...other, filingDate: '2025-09-30' }, true)).toEqual([
      { kind: 'ntcs_mismatch', field: 'abgabedatum', fon_value: '2025-10-01', ntcs_value: '2025-09-30' },
    ]);
  });

  it('finds a value mismatch in FON for a filing FinanzOnline does not show, and for a return it has not registered', () => {
    expect(detectConflicts({ ...side, abgabedatum: null }, other, true)).toEqual([
      { kind: 'fon_mismatch', field: 'abgabedatum', fon_value: null, ntcs_value: '2025-10-01' },
    ]);
    expect(detectConflicts(null, other, true)).toEqual([{ kind: 'fon_mismatch', field: 'registered', fon_value: null, ntcs_value: 'P1' }]);
  });

  it('finds nothing when both sides agree', () => expect(detectConflicts(side, other, true)).toEqual([]));

  it('derives the item state: not relevant, conflicts, resolved manually, submitted, open', () => {
    const base = { notRelevant: false, openConflicts: [], resolvedManually: false, abgabedatum: null };
    expect(itemStateOf(base)).toBe('open');
    expect(itemStateOf({ ...base, abgabedatum: '2025-10-01' })).toBe('submitted');
    expect(itemStateOf({ ...base, openConflicts: ['no_ntcs_record'] })).toBe('no_ntcs_record');
    expect(itemStateOf({ ...base, openConflicts: ['ntcs_mismatch'] })).toBe('data_conflict');
    expect(itemStateOf({ ...base, resolvedManually: true })).toBe('resolved_manually');
    expect(itemStateOf({ ...base, notRelevant: true, openConflicts: ['fon_mismatch'] })).toBe('not_relevant');
  });
});
