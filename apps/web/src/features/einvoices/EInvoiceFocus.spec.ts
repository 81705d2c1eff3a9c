import type { EInvoiceFinding } from '@portal/contracts';
import { EInvoiceFocus } from './EInvoiceFocus';

const totals: EInvoiceFinding = {
  rule: 'BR-CO-15',
  severity: 'fatal',
  location: '/ubl:Invoice',
  message: { en: 'Total with VAT (BT-112) = net (BT-109) + VAT (BT-110)', de: 'x' },
};
const line: EInvoiceFinding = {
  rule: 'BR-24',
  severity: 'fatal',
  location: '/ubl:Invoice/cac:InvoiceLine[2]',
  message: { en: 'Line net amount (BT-131)', de: 'x' },
};
const warning: EInvoiceFinding = { rule: 'BR-DE-19', severity: 'warning', location: '/ubl:Invoice/cac:PaymentMeans[1]', message: { en: 'IBAN', de: 'IBAN' } };

describe('the finding the user looks at', () => {
  it('outlines every part with an error and highlights the chosen finding part', () => {
    let findings = [totals, line, warning];
    const focus = new EInvoiceFocus(() => findings);
    expect(focus.markOf('totals')).toBe('flagged');
    expect(focus.markOf('line-2')).toBe('flagged');
    expect(focus.markOf('payment')).toBeNull();
    focus.select(warning);
    expect(focus.markOf('payment')).toBe('selected');
    focus.select(line);
    expect(focus.markOf('line-2')).toBe('selected');
    expect(focus.markOf('line-1')).toBeNull();
    findings = [totals];
    expect(focus.current).toBeNull();
    expect(focus.markOf('line-2')).toBeNull();
  });
});
