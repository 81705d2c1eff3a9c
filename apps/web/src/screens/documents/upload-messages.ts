/** Spec 8 texts the server sends for uploads, by the i18n key that translates them. */
const KNOWN: Record<string, string> = {
  'Document already exists.': 'documents.upload.exists',
  'Error during upload.': 'documents.upload.failed',
};

/** The i18n key of a known upload error message, or null to show the server's text as it is. */
export function uploadErrorKey(message: string): string | null {
  return KNOWN[message] ?? null;
}
