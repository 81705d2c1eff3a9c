/** SEPA keywords German banks keep in the purpose text of their exports ("EREF+... SVWZ+..." or "EREF: ..."). */
const KEYS = /\b(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE)[+:]\s?/g;

/** The purpose text (SVWZ when keyed) and the references keyed in it. */
export function sepaPurpose(text: string): { text: string; endToEndId: string | null; mandateId: string | null } {
  const plain = text.replace(/\s+/g, ' ').trim();
  const found = [...plain.matchAll(KEYS)];
  if (found.length === 0) return { text: plain, endToEndId: null, mandateId: null };
  const values: Record<string, string> = {};
  found.forEach((m, i) => {
    values[m[1]!] ??= plain.slice(m.index! + m[0].length, found[i + 1]?.index ?? plain.length).trim();
  });
  const before = plain.slice(0, found[0]!.index).trim();
  return { text: values.SVWZ ?? (before || plain), endToEndId: values.EREF ?? null, mandateId: values.MREF ?? null };
}
