import type { Party } from '@portal/contracts';
import { addressParts, countryOf, isNameLike, isStreet, place, segments } from './party-lines';

export interface SenderLine {
  index: number;
  party: Party;
}

/**
 * DIN 5008 return-address line above the window: "Bei Spiel GmbH ● Ecke 12 ● 12345 Stadthausen".
 * It starts with the sender's name, so a letterhead line "Europastraße 3 · 5015 Salzburg · Österreich" is none.
 */
export function senderLine(lines: readonly string[]): SenderLine | undefined {
  for (let i = 0; i < Math.min(lines.length, 25); i++) {
    for (const segment of segments(lines[i])) {
      const parts = addressParts(segment);
      if (parts.length < 3 || !isNameLike(parts[0])) continue;
      const where = parts.map(place).find((p) => p !== undefined);
      const street = parts.find(isStreet);
      const country = parts.map(countryOf).find((c) => c !== undefined);
      if (where && street) return { index: i, party: { name: parts[0], street, ...where, ...(country ? { country } : {}) } };
    }
  }
  return undefined;
}
