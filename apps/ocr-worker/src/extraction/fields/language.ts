const GERMAN = /\b(und|der|die|das|für|mit|von|bis|rechnung|betrag|datum|zahlbar|bitte|gesamt|menge|steuer|netto|ihre|wir|sie|nicht|auf)\b/gi;
const ENGLISH = /\b(and|the|for|with|from|to|invoice|amount|date|due|please|total|quantity|tax|net|your|we|you|not|on|of)\b/gi;

/** German or English, by counting frequent words; umlauts and ß tip a close call to German. */
export function detectLanguage(text: string): 'de' | 'en' | undefined {
  const de = (text.match(GERMAN)?.length ?? 0) + (text.match(/[äöüß]/gi)?.length ?? 0) * 0.5;
  const en = text.match(ENGLISH)?.length ?? 0;
  if (de === 0 && en === 0) return undefined;
  return de >= en ? 'de' : 'en';
}
