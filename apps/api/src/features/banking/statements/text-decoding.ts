/**
 * Statement files arrive as UTF-8 (camt, most CSV) or as ISO 8859-1 / Windows-1252 (MT940 and CSV of
 * German and Austrian banks): UTF-8 when the bytes are valid UTF-8, else Windows-1252, so umlauts survive.
 */
export function decodeText(bytes: Uint8Array): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}
