import type { Party } from '@portal/contracts';
import { beforeInfoLabel, clean, CONTACT, countryOf, isNameLike, isStreet, joinWrappedName, LEGAL_FORM, OTHER_LABEL, place, segments } from './party-lines';

const NAME_LABEL = /^(?:Name|Firma|Company)\s*:\s*(.+)$/i;
const STREET_LABEL = /^(?:Anschrift|Adresse|Straße|Strasse|Address|Street)\s*:\s*(.+)$/i;

interface AddressLine {
  value: string;
  role?: 'name' | 'street';
}

function addressLine(segment: string): AddressLine | undefined {
  const name = segment.match(NAME_LABEL);
  if (name) return { value: name[1].trim(), role: 'name' };
  const street = segment.match(STREET_LABEL);
  if (street) return { value: street[1].trim(), role: 'street' };
  if (OTHER_LABEL.test(segment)) return undefined;
  const value = clean(segment);
  return value ? { value } : undefined;
}

/** The name line of a block: a labelled one, else one with a legal form, else the first name-like line. */
function nameLine(before: readonly AddressLine[], streetAt: number): AddressLine | undefined {
  const labelled = before.find((l) => l.role === 'name');
  if (labelled) return labelled;
  const names = before.filter((l, i) => i !== streetAt && isNameLike(l.value));
  return names.find((l) => LEGAL_FORM.test(l.value)) ?? names[0];
}

/** Name, street and place from consecutive address segments (name first, place last). */
export function addressBlock(candidates: readonly string[]): Party | undefined {
  const lines = candidates.map(addressLine).filter((l): l is AddressLine => l !== undefined);
  const cityAt = lines.findIndex((l) => place(l.value) !== undefined);
  if (cityAt < 1) return undefined;
  const before = lines.slice(0, cityAt);
  const labelledStreet = before.find((l) => l.role === 'street');
  const streetAt = labelledStreet ? before.indexOf(labelledStreet) : before.map((l) => isStreet(l.value)).lastIndexOf(true);
  const name = nameLine(before, streetAt);
  if (!name) return undefined;
  const nameAt = before.indexOf(name);
  const country = countryOf(lines[cityAt + 1]?.value);
  return {
    name: nameAt === 1 && name.role !== 'name' ? joinWrappedName(before[0].value, name.value) : name.value,
    ...(streetAt >= 0 ? { street: before[streetAt].value } : {}),
    ...place(lines[cityAt].value),
    ...(country ? { country } : {}),
  };
}

/**
 * The left column of `count` lines from `from`, contact lines dropped. When OCR lost the gap between the
 * window and the invoice details beside it, the line is cut before the first details label.
 */
export function firstColumn(lines: readonly string[], from: number, count: number): string[] {
  return lines
    .slice(from, from + count)
    .map((l) => segments(l)[0])
    .filter((s): s is string => s !== undefined)
    .map(beforeInfoLabel)
    .filter((s) => !CONTACT.test(s));
}
