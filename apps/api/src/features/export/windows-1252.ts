/** Characters Windows-1252 places in 0x80–0x9F, where ISO-8859-1 has control codes. */
const HIGH: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e,
  '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};

/** Encodes text as Windows-1252 (the code page DATEV and BMD read); characters it cannot hold become '?'. */
export function encodeWindows1252(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code);
    else bytes.push(HIGH[char] ?? 0x3f);
  }
  return Buffer.from(bytes);
}

const LOW = new Map(Object.entries(HIGH).map(([char, byte]) => [byte, char]));

/** Decodes Windows-1252 bytes (Node's TextDecoder without full ICU reads 0x80–0x9F as ISO-8859-1). */
export function decodeWindows1252(bytes: Buffer): string {
  let text = '';
  for (const byte of bytes) text += LOW.get(byte) ?? String.fromCharCode(byte);
  return text;
}
