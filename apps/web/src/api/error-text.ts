/**
 * Every server message a user can see exists in en and de. The server speaks English; this
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
  { pattern: /^The document is still being read; it can be confirmed once its fields are read\.$/, key: 'stillReading' },
  { pattern: /^Cannot book: the export needs (.+)\.$/, key: 'bookNeedsFields', params: ['fields'] },
  { pattern: /^Cannot (confirm|book|mark exported|export): (.+)$/, key: 'cannotAct', params: ['action', 'detail'] },
  { pattern: /^The portal is not configured yet\.$/, key: 'notConfigured' },
  // The document editor and the user manager.
  { pattern: /^pages must be selected$/, key: 'pagesMustBeSelected' },
  { pattern: /^Document name at least 1 character$/, key: 'documentNameTooShort' },
  { pattern: /^client and document group must be chosen$/, key: 'clientAndGroup' },
  { pattern: /^Document could not be created because it already exists in the document group$/, key: 'duplicateInGroup' },
  { pattern: /^The document cannot [a-z ]+: it was split into new documents\.$/, key: 'editorLeftSplit' },
  { pattern: /^The document cannot [a-z ]+: it was merged into another document\.$/, key: 'editorLeftMerged' },
  { pattern: /^The document cannot [a-z ]+: it was completed\.$/, key: 'editorLeftCompleted' },
  { pattern: /^The document cannot [a-z ]+: it was discarded\.$/, key: 'editorLeftDiscarded' },
  { pattern: /^A confirmed document cannot lose pages\.$/, key: 'confirmedLosesPages' },
  { pattern: /^Pages can be added only to documents that are not yet confirmed\.$/, key: 'addOnlyUnconfirmed' },
  { pattern: /^The document is booked: its pages can no longer change\.$/, key: 'bookedPagesFixed' },
  { pattern: /^Only the last edit can be undone, and only before the document is completed or changed by someone else\.$/, key: 'undoOnlyLast' },
  { pattern: /^"(.+)" was changed after it was cut; the split can no longer be undone\.$/, key: 'editor.serverErrors.splitChanged', params: ['title'] },
  { pattern: /^"(.+)" has left the editor; the split can no longer be undone\.$/, key: 'editor.serverErrors.splitLeft', params: ['title'] },
  { pattern: /^The working copy of a document cannot be split; complete or discard it first\.$/, key: 'editor.serverErrors.revisionNoSplit' },
  { pattern: /^The working copy of a document cannot be merged into another one; complete or discard it\.$/, key: 'editor.serverErrors.revisionNoMerge' },
  {
    pattern: /^The pages of an existing document are changed where the document is; file the document elsewhere from its own screen\.$/,
    key: 'editor.serverErrors.revisionNoMove',
  },
  { pattern: /^Page (\d+) does not exist: the document has (\d+) pages\.$/, key: 'editor.serverErrors.pageMissing', params: ['page', 'count'] },
  { pattern: /^Page (\d+) appears twice in the new order\.$/, key: 'editor.serverErrors.pageTwice', params: ['page'] },
  { pattern: /^Page (\d+) is in two of the new documents\.$/, key: 'editor.serverErrors.pageInTwo', params: ['page'] },
  { pattern: /^Choose the documents to merge into this one\.$/, key: 'editor.serverErrors.chooseMerge' },
  { pattern: /^Each document can be merged once, and not into itself\.$/, key: 'editor.serverErrors.mergeOnce' },
  { pattern: /^The document name must be at most 200 characters\.$/, key: 'editor.serverErrors.documentNameTooLong' },
  {
    pattern: /^A document in the editor holds at most (\d+) pages \(this would have (\d+)\)\.$/,
    key: 'editor.serverErrors.editorTooManyPages',
    params: ['max', 'count'],
  },
  { pattern: /^The file has (\d+) pages; the document editor takes at most (\d+)\.$/, key: 'fileTooManyPages', params: ['count', 'max'] },
  { pattern: /^The (PDF file|TIFF file|image) is damaged and cannot be opened in the document editor\.$/, key: 'fileDamaged' },
  { pattern: /^The PDF file is password-protected; the document editor cannot take its pages\.$/, key: 'pdfProtected' },
  { pattern: /^The (PDF file has no pages|TIFF file holds no image|file has no pages)\.$/, key: 'fileNoPages' },
  { pattern: /^The document editor takes PDF, PNG, JPEG and TIFF files; an e-invoice XML has no pages to edit\.$/, key: 'editor.serverErrors.editorNoXml' },
  { pattern: /^The file is not a PDF, PNG, JPEG, TIFF or e-invoice XML \(checked by its content\)\.$/, key: 'notADocumentFile' },
  { pattern: /^The file of the document is missing from the file store\.$/, key: 'fileMissing' },
  { pattern: /^No file was sent\.$/, key: 'noFileSent' },
  { pattern: /^cannot delete user during import$/, key: 'deleteDuringImport' },
  // The user manager's rules (libs/domain user-admin.rules), as a refusal and as a bulk edit's reason per user.
  { pattern: /^User administration needs the permission adm or kca\.$/, key: 'userAdmin.serverErrors.userAdminNeedsAdmin' },
  { pattern: /^Only an identity-provider administrator \(kca\) may change users who hold adm or kca\.$/, key: 'userAdmin.serverErrors.userAdminGuardedHolder' },
  { pattern: /^You may only change users whose permissions you hold yourself\.$/, key: 'userAdmin.serverErrors.userAdminWiderHolder' },
  { pattern: /^Only an identity-provider administrator \(kca\) may grant adm or kca\.$/, key: 'userAdmin.serverErrors.userAdminGuardedGrant' },
  { pattern: /^You may only grant permissions you hold yourself\.$/, key: 'userAdmin.serverErrors.userAdminWiderGrant' },
  { pattern: /^You may only assign clients you have yourself\.$/, key: 'userAdmin.serverErrors.userAdminWiderClients' },
  { pattern: /^You cannot remove your own adm permission\.$/, key: 'userAdmin.serverErrors.userAdminOwnAdm' },
  { pattern: /^You cannot disable your own account\.$/, key: 'userAdmin.serverErrors.userAdminOwnDisable' },
  { pattern: /^You cannot delete your own account\.$/, key: 'userAdmin.serverErrors.userAdminOwnDelete' },
  {
    pattern: /^Invalid bulk edit: A permission or client cannot be added and removed at once: (.+)\.$/,
    key: 'userAdmin.serverErrors.bulkAddedAndRemoved',
    params: ['list'],
  },
  { pattern: /^(?:The export failed: )?The original of "(.+)" is missing in the file store\.$/, key: 'exportOriginalMissing', params: ['name'] },
  // Recorded before reasons named the file: the document's number is no help to the reader.
  { pattern: /^(?:The export failed: )?The original of document \d+ is missing in the file store\.$/, key: 'exportOriginalMissingUnnamed' },
  { pattern: /^The export failed: (.+)$/, key: 'exportFailed', params: ['detail'] },
  // What a reader without dpv reads of a failure whose reason names a payroll document.
  { pattern: /^The export failed\.$/, key: 'exportFailedHidden' },
  { pattern: /^The step failed\.$/, key: 'stepFailedHidden' },
  { pattern: /^The code is not valid\. Check the time on your phone and type the code shown now\.$/, key: 'totpCheckTime' },
  { pattern: /^The code is not valid\.$/, key: 'totpInvalid' },
  { pattern: /^The current password is not correct\.$/, key: 'currentPasswordWrong' },
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
export function knownMessage(message: string, catalogue: readonly KnownMessage[] = KNOWN_MESSAGES): { key: string; values: Record<string, string> } | null {
  for (const known of catalogue) {
    const m = known.pattern.exec(message);
    if (!m) continue;
    const values = Object.fromEntries((known.params ?? []).map((name, i) => [name, m[i + 1] ?? '']));
    return { key: known.key, values };
  }
  return null;
}

/**
 * The i18n key of a known message: under `serverErrors`, or a feature's own (`<feature>.serverErrors.…`) for the
 * refusals only its lazily loaded screen meets, so their texts travel in its chunk.
 */
export const messageKey = (key: string): string => (key.includes('.') ? key : `serverErrors.${key}`);

/** What a user reads for a failure: a translated known message; else in English the server's own text, in German the class sentence. */
export function errorText(error: unknown, t: Translate, locale: string): string {
  const e: ErrorLike = error && typeof error === 'object' ? (error as ErrorLike) : { message: String(error) };
  const message = typeof e.message === 'string' ? e.message : '';
  const known = knownMessage(message);
  if (known) return t(messageKey(known.key), known.values);
  const generic = typeof e.code === 'number' ? BY_CODE[e.code] : undefined;
  if (locale !== 'en' && generic) return t(`serverErrors.${generic}`);
  return message || (generic ? t(`serverErrors.${generic}`) : t('serverErrors.general'));
}

/** Reasons the extraction gives a flagged document (ocr-worker problems.ts), by i18n key under `documentProblems`. */
export const KNOWN_PROBLEMS: KnownMessage[] = [
  { pattern: /^The PDF file is damaged and cannot be read\.$/, key: 'pdfDamaged' },
  { pattern: /^The PDF is password-protected\.$/, key: 'pdfPassword' },
  { pattern: /^The file is not a PDF document\.$/, key: 'notPdf' },
  { pattern: /^The PDF is too large or too complex to read\.$/, key: 'pdfMemory' },
  { pattern: /^No page of the PDF could be read\.$/, key: 'pdfNoPages' },
  { pattern: /^The image file is damaged or not a PNG, JPEG or TIFF image\.$/, key: 'imageDamaged' },
  { pattern: /^The image could not be read by text recognition\.$/, key: 'imageUnreadable' },
  { pattern: /^The XML file is damaged and cannot be read\.$/, key: 'xmlDamaged' },
  { pattern: /^The XML file is not an XRechnung, ZUGFeRD or Factur-X invoice\.$/, key: 'xmlNotInvoice' },
  { pattern: /^The PDF file could not be read \((.*)\)\.$/, key: 'pdfCrashed', params: ['detail'] },
  { pattern: /^The file could not be read \((.*)\)\.$/, key: 'fileUnreadable', params: ['detail'] },
  { pattern: /^Reading the document took longer than (.+) and was stopped\.$/, key: 'timeout', params: ['duration'] },
  { pattern: /^The PDF has (\d+) pages; only the first (\d+) were read\.$/, key: 'tooManyPages', params: ['pages', 'read'] },
  { pattern: /^(\d+) pages are images without text; only the first (\d+) were recognised\.$/, key: 'tooManyOcrPages', params: ['needed', 'done'] },
  { pattern: /^Text recognition failed on page (\d+)\.$/, key: 'ocrFailed', params: ['page'] },
  { pattern: /^The image is too large to read \((\d+) megapixels; at most (\d+)\)\.$/, key: 'imageTooLarge', params: ['megapixels', 'max'] },
  { pattern: /^The file is missing from the file store\.$/, key: 'fileMissing' },
  { pattern: /^The document could not be processed\.$/, key: 'notProcessed' },
  { pattern: /^No text could be read from the document\.$/, key: 'noText' },
  // pdf.js when it cannot open the file in the browser.
  { pattern: /^Invalid PDF structure\.?$/, key: 'pdfDamaged' },
];

/** A failure reason the server recorded (an export job's): translated when known, else as a failure is shown. */
export function reasonText(reason: string, t: Translate, locale: string): string {
  return errorText({ message: reason, code: 500 }, t, locale);
}

/**
 * A flagged document's problem in the UI language. An unknown reason stays as written
 * in English and becomes the sentence of its flag otherwise (`broken`: true Broken, false BadRendering, null unknown).
 */
export function problemText(reason: string, broken: boolean | null, t: Translate, locale: string): string {
  const known = knownMessage(reason, KNOWN_PROBLEMS);
  if (known) return t(`documentProblems.${known.key}`, known.values);
  if (locale === 'en') return reason;
  return t(`documentProblems.${broken === true ? 'broken' : broken === false ? 'partial' : 'unknown'}`);
}
