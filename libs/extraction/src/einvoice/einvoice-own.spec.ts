import type { DemoInvoice } from '@portal/demo-data';
import { ownInvoices } from '../../test/own-einvoices';
import { comparableFields } from '../../test/compare-fields';
import { parseEInvoice } from './parse-einvoice';

let invoices: DemoInvoice[];
beforeAll(async () => {
  invoices = await ownInvoices(8);
});

const withoutCategory = (fields: ReturnType<typeof parseEInvoice>['fields']) => ({
  ...fields,
  tax_breakdown: fields.tax_breakdown?.map(({ rate, net, tax }) => ({ rate, net, tax })),
});

describe("e-invoice parsing on the project's own UBL and CII invoices (the same paths as the official test cases)", () => {
  it.each(['ubl', 'cii'] as const)('every %s twin yields exactly the values its PDF prints', (syntax) => {
    for (const invoice of invoices) {
      const parsed = parseEInvoice(invoice.xml[syntax]);
      expect(parsed.syntax).toBe(syntax.toUpperCase());
      expect(parsed.profile).toMatch(/^urn:cen\.eu:en16931:2017/);
      expect(comparableFields(withoutCategory(parsed.fields))).toEqual(comparableFields(invoice.expected));
      expect(
        parsed.fields.line_items?.map(({ description, quantity, unit_price, net_amount, tax_rate }) => ({
          description,
          quantity,
          unit_price,
          net_amount,
          tax_rate,
        })),
      ).toEqual(
        invoice.expected.line_items?.map(({ description, quantity, unit_price, net_amount, tax_rate }) => ({
          description,
          quantity,
          unit_price,
          net_amount,
          tax_rate,
        })),
      );
    }
  });
});
