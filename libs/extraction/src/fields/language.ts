export type PageLanguage = 'de' | 'en' | 'nl' | 'fr' | 'it';

// Frequent words of invoices in each language that the other four do not use (or spell otherwise).
const WORDS: Record<PageLanguage, RegExp> = {
  de: /(?<!\p{L})(und|der|die|das|für|mit|von|bis|rechnung|betrag|datum|zahlbar|bitte|gesamt|menge|steuer|netto|ihre|wir|sie|nicht|auf|zum|oder)(?!\p{L})/giu,
  en: /(?<!\p{L})(and|the|for|with|from|invoice|amount|date|due|please|total|quantity|tax|your|we|you|not|on|of|to|by)(?!\p{L})/giu,
  nl: /(?<!\p{L})(en|het|een|voor|met|factuur|factuurdatum|bedrag|totaal|btw|datum|betaling|aantal|omschrijving|uw|wij|niet|bij|naar|van)(?!\p{L})/giu,
  fr: /(?<!\p{L})(et|le|la|les|des|du|pour|avec|facture|montant|date|total|tva|quantité|votre|nous|vous|pas|sur|au|aux|à|ht|ttc|paiement|échéance)(?!\p{L})/giu,
  it: /(?<!\p{L})(e|il|lo|gli|della|delle|per|con|fattura|importo|data|totale|iva|quantità|vostro|noi|non|sul|alla|pagamento|scadenza|imponibile)(?!\p{L})/giu,
};

/** The language of a page by counting frequent words of each of the five languages (German on a tie, then English). */
export function detectPageLanguage(text: string): PageLanguage | undefined {
  let best: { language: PageLanguage; count: number } | undefined;
  for (const language of Object.keys(WORDS) as PageLanguage[]) {
    const count = text.match(WORDS[language])?.length ?? 0;
    if (count > 0 && (!best || count > best.count)) best = { language, count };
  }
  return best?.language;
}

/** German or English (the languages the portal records for a document), else undefined. */
export function detectLanguage(text: string): 'de' | 'en' | undefined {
  const language = detectPageLanguage(text);
  return language === 'de' || language === 'en' ? language : undefined;
}
