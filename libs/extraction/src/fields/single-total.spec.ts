import { findTotals } from './totals';

describe('a page with one total', () => {
  it('is split by the tax it says the total holds, when gross × rate / (100 + rate) gives it', () => {
    expect(findTotals(['Total   €1,440.45', 'Includes VAT 19%: €229.99'])).toMatchObject({
      single: 'included',
      net_amount: 1210.46,
      tax_amount: 229.99,
      gross_amount: 1440.45,
    });
    expect(findTotals(['Summe   1.588,25 €', 'Im Betrag sind 19 % USt. (253,59 €) enthalten.'])).toMatchObject({ net_amount: 1334.66, tax_amount: 253.59 });
    expect(findTotals(['Total   100,00 €', 'dont TVA 20 % : 12,00 €']).single).not.toBe('included');
  });

  it('has tax 0 on a supply the page says is not taxed', () => {
    expect(findTotals(['Totaal   € 2.830,32', 'BTW verlegd (0%)'])).toMatchObject({
      single: 'zero-rated',
      net_amount: 2830.32,
      tax_amount: 0,
      tax_breakdown: [{ rate: 0, net: 2830.32, tax: 0 }],
    });
  });

  it('is split by the one rate its line items print when they add up to it', () => {
    const page = [
      'Description      Qty     Unit price     VAT      Amount',
      'Hosting          1       1,292.81       19 %     1,292.81',
      'Domain           1       1,551.92       19 %     1,551.92',
      '                          Total                  €2,844.73',
    ];
    expect(findTotals(page)).toMatchObject({ single: 'rate', net_amount: 2390.53, tax_amount: 454.2, gross_amount: 2844.73 });
  });

  it('is shown alone when nothing splits it, and an amount to pay the items do not add up to is not shown', () => {
    expect(findTotals(['Gesamtbetrag   1.159,72 €'])).toMatchObject({ single: 'alone', gross_amount: 1159.72 });
    expect(findTotals(['Zu zahlen   440,00 €']).single).toBeUndefined();
  });
});

describe('several tax lines without bases', () => {
  it("sum to the tax total when net + sum = gross, with each rate's base from the line items", () => {
    const page = [
      'Bezeichnung        Menge    Einzelpreis    MwSt.        Betrag',
      'Beratung               1       1.937,14    19 %       1.937,14',
      'Montage               10       1.314,47     7 %      13.144,70',
      '                  Nettobetrag                        15.081,84 €',
      '                  19 % USt.                             368,06 €',
      '                  zzgl. 7 % MwSt.                       920,13 €',
      '                  Rechnungsbetrag                    16.370,03 €',
    ];
    expect(findTotals(page)).toMatchObject({
      net_amount: 15081.84,
      tax_amount: 1288.19,
      gross_amount: 16370.03,
      tax_breakdown: [
        { rate: 19, net: 1937.14, tax: 368.06 },
        { rate: 7, net: 13144.7, tax: 920.13 },
      ],
    });
  });

  it('add up CGST and SGST at one rate', () => {
    expect(
      findTotals(['Taxable Value     12,78,503.75', 'CGST @ 9%     1,15,065.34', 'SGST @ 9%     1,15,065.34', 'Total     Rs. 15,08,634.43']),
    ).toMatchObject({ net_amount: 1278503.75, tax_amount: 230130.68, gross_amount: 1508634.43 });
  });
});
