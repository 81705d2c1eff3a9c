/**
 * Issue 9.3: every server message a user can see exists in en and de. The server speaks English; this
 * catalogue maps each message users meet to an i18n key under `serverErrors` (with the values it
 * carries), and anything else to a sentence by error class, so a German user never reads raw English.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

interface KnownMessage {
  pattern: RegExp;
  key: string;
  /** Names of the pattern's capture groups, in order. */
  params?: string[];
}

export const KNOWN_MESSAGES: KnownMessage[] = [
  { pattern: /^No record found for id '(.*)'$/, key: 'notFound', params: ['id'] },
  { pattern: /^document does not exist or access denied$/, key: 'documentNotFound' },
  { pattern: /^Cannot (.+): the company does not exist\.$/, key: 'companyNotFound' },
  { pattern: /^Document already exists\.$/, key: 'documentExists' },
  { pattern: /^Error during upload\.$/, key: 'uploadFailed' },
  { pattern: /^The file is larger than (\d+) MB\.$/, key: 'fileTooLarge', params: ['mb'] },
  { pattern: /^At most (\d+) files can be uploaded at once\.$/, key: 'tooManyFiles', params: ['count'] },
  { pattern: /^The file is empty\.$/, key: 'fileEmpty' },
  { pattern: /^Uploading documents needs the permission doc\.$/, key: 'uploadNeedsDoc' },
  { pattern: /^(.+) needs the permission (.+)\.$/, key: 'needsPermission', params: ['what', 'codes'] },
  { pattern: /^You do not have the permission to (\w+) (.+)\.$/, key: 'noPermission' },
  { pattern: /^The record was changed (at the same time by someone else|in the meantime).*$/, key: 'changedMeanwhile' },
  { pattern: /^The document is in the trash(\.|;.*)$/, key: 'inTrash' },
  { pattern: /^The document stays restorable until (.+)\.$/, key: 'restorableUntil', params: ['date'] },
  { pattern: /^Accounting period (\d+) is not open\.$/, key: 'periodNotOpen', params: ['year'] },
  { pattern: /^Only incoming invoices \(ER_U, ER\) can be paid by QR code\.$/, key: 'qrIncomingOnly' },
  { pattern: /^No booked documents of client (\d+) in (\d+) are waiting for export\.$/, key: 'nothingToExport', params: ['client', 'year'] },
  { pattern: /^An export of client (\d+) for (\d+) is already in progress\.$/, key: 'exportRunning', params: ['client', 'year'] },
  { pattern: /^The export is still in progress\.$/, key: 'exportStillRunning' },
  { pattern: /^An import error or note needs a reason\.$/, key: 'reasonRequired' },
  { pattern: /^(?:.+: )?Six digits required$/, key: 'sixDigits' },
  { pattern: /^A confirmed document must stay consistent: (.+)$/, key: 'mustStayConsistent', params: ['detail'] },
  { pattern: /^Cannot (confirm|book|mark exported|export): (.+)$/, key: 'cannotAct', params: ['action', 'detail'] },
  { pattern: /^The portal is not configured yet\.$/, key: 'notConfigured' },
  { pattern: /^Too many wrong entries\. Try again in (\d+) minutes\.$/, key: 'tooManyWrongEntries', params: ['minutes'] },
];

/** Error classes whose sentence stands in for an unknown message. */
const BY_CODE: Record<number, string> = {
  400: 'badRequest',
  401: 'notAuthenticated',
  403: 'forbidden',
  404: 'notFoundGeneric',
  408: 'timeout',
  409: 'conflict',
  410: 'gone',
  422: 'unprocessable',
  429: 'tooManyRequests',
  500: 'general',
  503: 'unavailable',
};

export interface ErrorLike {
  message?: string;
  code?: number;
  name?: string;
}

/** The i18n key (under serverErrors) and values of a server message, or null for an unknown one. */
export function knownMessage(message: string): { key: string; values: Record<string, string> } | null {
  for (const known of KNOWN_MESSAGES) {
    const m = known.pattern.exec(message);
    if (!m) continue;
    const values = Object.fromEntries((known.params ?? []).map((name, i) => [name, m[i + 1] ?? '']));
    return { key: known.key, values };
  }
  return null;
}

/** What a user reads for a failure: a translated known message; else in English the server's own text, in German the class sentence. */
export function errorText(error: unknown, t: Translate, locale: string): string {
  const e: ErrorLike = error && typeof error === 'object' ? (error as ErrorLike) : { message: String(error) };
  const message = typeof e.message === 'string' ? e.message : '';
  const known = knownMessage(message);
  if (known) return t(`serverErrors.${known.key}`, known.values);
  const generic = typeof e.code === 'number' ? BY_CODE[e.code] : undefined;
  if (locale !== 'en' && generic) return t(`serverErrors.${generic}`);
  return message || (generic ? t(`serverErrors.${generic}`) : t('serverErrors.general'));
}
