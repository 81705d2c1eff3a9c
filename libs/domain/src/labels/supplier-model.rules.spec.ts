import { ORIGIN, type PageWord, type PageWords } from '@portal/contracts';
import { applyPredictions } from './learned-fields.rules';
import { wordsInBox } from './page-lines.rules';
import { emptyModel, modelMatches, predictFields, sampleAt, supplierKeyOf, withDocumentSamples, withIdentity, withoutDocument } from './supplier-model.rules';

/** Words on lines as a text layer has them: five points per character, four between words, ten high. */
function layout(...lines: Array<[y: number, x: number, ...texts: string[]]>): PageWords[] {
  const words: PageWord[] = [];
  for (const [y, x, ...texts] of lines) {
    let at = x;
    for (const text of texts) {
      words.push({ text, x: at, y, width: text.length * 5, height: 10 });
      at += text.length * 5 + 4;
    }
  }
  return [{ page: 1, width: 595, height: 842, words }];
}

/** One invoice page of a supplier whose layout moves down by `shift` points (a longer address block). */
function page(number: string, total: string, shift = 0): PageWords[] {
  return layout(
    [60 + shift, 40, 'Stadtwerke', 'Musterstadt', 'GmbH'],
    [120 + shift, 350, 'Rechnungsnummer:', number],
    [140 + shift, 350, 'Datum:', '04.03.2026'],
    [500 + shift, 300, 'Gesamtbetrag', 'EUR', total],
  );
}

const identity = { vatId: 'ATU 12345678', iban: null, name: 'Stadtwerke Musterstadt GmbH' };
const numberBox = (pages: PageWords[]) => {
  const word = pages[0]!.words.find((w) => /^SW-/.test(w.text))!;
  return { page: 1, x: word.x - 1, y: word.y - 1, width: word.width + 2, height: word.height + 2 };
};

function modelAfter(...examples: Array<[number, PageWords[]]>) {
  let model = withIdentity(emptyModel(1001, supplierKeyOf(identity)!, 't0'), identity);
  for (const [id, pages] of examples)
    model = withDocumentSamples(model, id, { invoice_number: sampleAt(pages, numberBox(pages), id, ORIGIN.Human_Labeling) }, 't1');
  return model;
}

describe('supplier model', () => {
  it('recognises a supplier by VAT ID first, then IBAN, then name', () => {
    expect(supplierKeyOf(identity)).toBe('vat:ATU12345678');
    expect(supplierKeyOf({ vatId: null, iban: 'AT61 1904 3002 3457 3201', name: 'x' })).toBe('iban:AT611904300234573201');
    expect(supplierKeyOf({ vatId: null, iban: null, name: 'Stadtwerke  Musterstadt GmbH' })).toBe('name:stadtwerke musterstadt gmbh');
    expect(supplierKeyOf({ vatId: null, iban: null, name: null })).toBeNull();
    expect(modelMatches(modelAfter(), { vatId: null, iban: null, name: 'STADTWERKE Musterstadt GmbH' })).toBe(true);
  });

  it('keeps the words before a labeled value as its anchor', () => {
    const pages = page('SW-100', '120,00');
    const sample = sampleAt(pages, numberBox(pages), 1, ORIGIN.Human_Labeling);
    expect(sample.anchor).toBe('rechnungsnummer');
    expect(wordsInBox(pages[0]!, numberBox(pages)).map((w) => w.text)).toEqual(['SW-100']);
  });

  it('reads the next invoice of the supplier where the label stood, even when its layout moved', () => {
    const model = modelAfter([1, page('SW-100', '120,00')]);
    const predictions = predictFields(model, page('SW-205', '80,00', 35));
    expect(predictions.invoice_number?.value).toBe('SW-205');
    expect(predictions.invoice_number?.confidence).toBeGreaterThan(0.5);
  });

  it('grows more confident with more labeled invoices that agree', () => {
    const one = predictFields(modelAfter([1, page('SW-100', '1')]), page('SW-300', '1')).invoice_number!.confidence;
    const three = predictFields(modelAfter([1, page('SW-100', '1')], [2, page('SW-101', '1', 10)], [3, page('SW-102', '1', 20)]), page('SW-300', '1'))
      .invoice_number!.confidence;
    expect(three).toBeGreaterThan(one);
  });

  it('forgets what a document taught when its labels are taken back', () => {
    const model = withoutDocument(modelAfter([1, page('SW-100', '1')], [2, page('SW-101', '1')]), 1, 't2');
    expect(model.documents).toEqual([2]);
    expect(model.fields.invoice_number!.map((s) => s.document_id)).toEqual([2]);
  });

  it('never replaces a structured e-invoice value with a learned one', () => {
    const predictions = { invoice_number: { value: 'SW-999', confidence: 0.95, examples: 3 } };
    const fromXml = applyPredictions({ invoice_number: 'SW-205' }, { invoice_number: ORIGIN.EInvoice_XML }, {}, predictions);
    expect(fromXml.fields.invoice_number).toBe('SW-205');
    expect(fromXml.learned).toEqual([]);
  });

  it('keeps a value the reader found and fills only the fields it left empty, with origin Machine_Learning 10', () => {
    const predictions = {
      invoice_number: { value: 'SW-999', confidence: 0.95, examples: 3 },
      payment_reference: { value: 'KR-4407', confidence: 0.9, examples: 3 },
      biller_vat_id: { value: 'ATU12345678', confidence: 0.9, examples: 3 },
    };
    const out = applyPredictions(
      { invoice_number: 'SW-205', biller: { name: 'Stadtwerke' } },
      { invoice_number: ORIGIN.OCR, biller: ORIGIN.OCR },
      { invoice_number: 0.9 },
      predictions,
    );
    expect(out.fields.invoice_number).toBe('SW-205');
    expect(out.origins.invoice_number).toBe(ORIGIN.OCR);
    expect(out.fields.payment_reference).toBe('KR-4407');
    expect(out.fields.biller).toEqual({ name: 'Stadtwerke', vat_id: 'ATU12345678' });
    expect(out.origins.payment_reference).toBe(ORIGIN.Machine_Learning);
    expect(out.confidence.payment_reference).toBe(0.9);
    expect(out.learned).toEqual(['payment_reference', 'biller_vat_id']);
  });

  it('keeps the totals the reader found', () => {
    const predictions = { tax_amount: { value: 540.66, confidence: 0.9, examples: 3 }, gross_amount: { value: 540.66, confidence: 0.9, examples: 3 } };
    const out = applyPredictions({ net_amount: 540.66, tax_amount: 108.13, gross_amount: 648.79 }, {}, {}, predictions);
    expect([out.fields.tax_amount, out.fields.gross_amount]).toEqual([108.13, 648.79]);
    expect(out.learned).toEqual([]);
  });

  it('ignores a prediction below the confidence the reader is trusted with', () =>
    expect(applyPredictions({ invoice_number: 'A' }, {}, {}, { invoice_number: { value: 'B', confidence: 0.3, examples: 1 } }).fields.invoice_number).toBe(
      'A',
    ));
});

describe('supplier model on a scan', () => {
  /** The same page as OCR reads it: ß as B and · as -, in the line above the value. */
  function scanned(number: string, misread: boolean): PageWords[] {
    return layout(
      [130, 56, misread ? 'ElektrogroBhandel' : 'Elektrogroßhandel', 'Brandl', 'GmbH', misread ? '-' : '·', 'Landsberger'],
      [150, 56, 'Müller', 'Elektrotechnik', 'GmbH'],
      [170, 56, 'Rechnung', number],
    );
  }

  it('finds an anchor OCR misread in a character or two, but not a different one', () => {
    const text = scanned('1', false);
    const recipient = text[0]!.words.filter((w) => w.y === 150);
    const box = { page: 1, x: recipient[0]!.x - 1, y: 149, width: 150, height: 12 };
    let model = withIdentity(emptyModel(1004, 'vat:DE353533771', 't0'), { vatId: 'DE353533771', iban: null, name: null });
    model = withDocumentSamples(model, 1, { recipient: sampleAt(text, box, 1, ORIGIN.Human_Labeling) }, 't1');
    expect(model.fields.recipient![0]!.anchor).toBe('elektrogroßhandel brandl gmbh ·');
    expect(predictFields(model, scanned('2', true)).recipient?.value).toBe('Müller Elektrotechnik GmbH');
    const other = scanned('3', false);
    other[0]!.words.filter((w) => w.y === 130).forEach((w) => (w.text = w.text.replace('Brandl', 'Huber').replace('Landsberger', 'Sendlinger')));
    expect(predictFields(model, other).recipient).toBeUndefined();
  });
});
