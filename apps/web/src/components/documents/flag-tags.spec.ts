import de from '../../features/documents/documents.de.json';
import en from '../../features/documents/documents.en.json';
import { flagTags } from './FlagTags';

const row = { flags: 0, confirmed: true, booked: false, locked: false, invalid: false, deleted: false };

describe('state tags of a document row', () => {
  it('tags a payroll document "Payroll" / "Lohn" first in the list row', () => {
    expect(flagTags({ ...row, payroll: true }).map((t) => t.key)).toEqual(['payroll', 'confirmed']);
    expect(en.flags.payroll).toBe('Payroll');
    expect(de.flags.payroll).toBe('Lohn');
  });

  it('tags an ordinary document without it, and leaves it to the document view to show payroll apart', () => {
    expect(flagTags({ ...row, payroll: false }).map((t) => t.key)).toEqual(['confirmed']);
    expect(flagTags(row).map((t) => t.key)).toEqual(['confirmed']);
    expect(flagTags({ ...row, payroll: true }, true).map((t) => t.key)).not.toContain('payroll');
  });
});
