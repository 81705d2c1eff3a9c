import de from '../i18n/locales/de.json';
import en from '../i18n/locales/en.json';
import editorDe from '../features/editor/editor.de.json';
import editorEn from '../features/editor/editor.en.json';
import userAdminDe from '../features/user-admin/user-admin.de.json';
import userAdminEn from '../features/user-admin/user-admin.en.json';
import { PROBLEMS, problem } from '@portal/extraction';
import { errorText, KNOWN_MESSAGES, KNOWN_PROBLEMS, knownMessage, messageKey, problemText } from './error-text';

type Texts = Record<string, string>;
/** The server messages' texts by their full key: the shared ones and those the editor and user manager bring along. */
const messagesOf = (core: Texts, editor: Texts, userAdmin: Texts): Texts => ({
  ...Object.fromEntries(Object.entries(core).map(([k, v]) => [`serverErrors.${k}`, v])),
  ...Object.fromEntries(Object.entries(editor).map(([k, v]) => [`editor.serverErrors.${k}`, v])),
  ...Object.fromEntries(Object.entries(userAdmin).map(([k, v]) => [`userAdmin.serverErrors.${k}`, v])),
});
const MESSAGES_EN = messagesOf(en.serverErrors as Texts, editorEn.serverErrors as Texts, userAdminEn.serverErrors as Texts);
const MESSAGES_DE = messagesOf(de.serverErrors as Texts, editorDe.serverErrors as Texts, userAdminDe.serverErrors as Texts);
const translate =
  (texts: Texts) =>
  (key: string, values: Record<string, unknown> = {}) =>
    (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
const tEn = translate(MESSAGES_EN);
const tDe = translate(MESSAGES_DE);
const problemsIn =
  (texts: Texts) =>
  (key: string, values: Record<string, unknown> = {}) =>
    (texts[key.replace(/^documentProblems\./, '')] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
const pEn = problemsIn(en.documentProblems as Texts);
const pDe = problemsIn(de.documentProblems as Texts);

describe('server messages in en and de', () => {
  it.each(KNOWN_MESSAGES.map((k) => messageKey(k.key)))('%s exists in both languages and differs in German', (key) => {
    expect(MESSAGES_EN[key]).toBeTruthy();
    expect(MESSAGES_DE[key]).toBeTruthy();
    if (key !== 'serverErrors.documentNotFound') expect(MESSAGES_DE[key]).not.toBe(MESSAGES_EN[key]);
  });

  it('translates the raw "No record found" of another client into German', () => {
    const error = { name: 'NotFound', code: 404, message: "No record found for id '1002'" };
    expect(errorText(error, tDe, 'de')).toBe('Nicht gefunden oder kein Zugriff.');
    expect(errorText(error, tEn, 'en')).toBe('Not found, or you have no access to it.');
  });

  it('keeps the values a message carries', () => {
    expect(knownMessage('The file is larger than 25 MB.')).toEqual({ key: 'fileTooLarge', values: { mb: '25' } });
    expect(errorText({ code: 400, message: 'The file is larger than 25 MB.' }, tDe, 'de')).toBe('Die Datei ist größer als 25 MB.');
  });

  it("gives German users the document editor's and the user manager's refusals in German", () => {
    expect(errorText({ code: 409, message: 'The document cannot be renamed: it was completed.' }, tDe, 'de')).toBe(
      'Der Beleg wurde abgeschlossen und kann im Editor nicht mehr geändert werden.',
    );
    expect(errorText({ code: 409, message: 'A confirmed document cannot lose pages.' }, tDe, 'de')).toBe('Ein bestätigter Beleg kann keine Seiten verlieren.');
    expect(errorText({ code: 422, message: 'Page 7 does not exist: the document has 6 pages.' }, tDe, 'de')).toBe(
      'Seite 7 gibt es nicht: der Beleg hat 6 Seiten.',
    );
    expect(errorText({ code: 409, message: '"Rechnung 4711" was changed after it was cut; the split can no longer be undone.' }, tDe, 'de')).toBe(
      '„Rechnung 4711“ wurde nach dem Aufteilen geändert; das Aufteilen kann nicht mehr rückgängig gemacht werden.',
    );
    expect(errorText({ code: 409, message: 'Document could not be created because it already exists in the document group' }, tEn, 'en')).toBe(
      'Document could not be created because it already exists in the document group',
    );
    expect(errorText({ code: 409, message: 'cannot delete user during import' }, tDe, 'de')).toBe('Benutzer kann während eines Imports nicht gelöscht werden');
    expect(errorText({ code: 403, message: 'You may only grant permissions you hold yourself.' }, tDe, 'de')).toBe(
      'Sie dürfen nur Berechtigungen vergeben, die Sie selbst haben.',
    );
    expect(errorText({ code: 400, message: 'Invalid bulk edit: A permission or client cannot be added and removed at once: rep, 1002.' }, tDe, 'de')).toBe(
      'Eine Berechtigung oder ein Mandant kann nicht zugleich hinzugefügt und entfernt werden: rep, 1002.',
    );
  });

  it('says the refused authenticator code, booking and reading refusals and the missing original in German, naming no document id', () => {
    expect(errorText({ message: 'The code is not valid. Check the time on your phone and type the code shown now.', code: 401 }, tDe, 'de')).toBe(
      'Der Code ist nicht gültig. Prüfen Sie die Uhrzeit Ihres Telefons und geben Sie den jetzt angezeigten Code ein.',
    );
    expect(errorText({ message: 'The document is still being read; it can be confirmed once its fields are read.', code: 409 }, tDe, 'de')).toMatch(
      /wird noch gelesen/,
    );
    expect(errorText({ message: 'Cannot book: the export needs the supplier or customer account.', code: 422 }, tDe, 'de')).toMatch(
      /^Buchen braucht, was der Export braucht/,
    );
    expect(errorText({ message: 'The export failed: The original of "R-7.pdf" is missing in the file store.', code: 500 }, tDe, 'de')).toBe(
      'Die Originaldatei „R-7.pdf“ fehlt im Dateispeicher. Laden Sie den Beleg erneut hoch und exportieren Sie erneut.',
    );
    expect(errorText({ message: 'The original of document 900000010 is missing in the file store.', code: 500 }, tDe, 'de')).not.toMatch(/\d{6,}/);
    expect(errorText({ message: 'The export failed.', code: 500 }, tDe, 'de')).toBe('Der Export ist fehlgeschlagen.');
    expect(errorText({ message: 'The step failed.', code: 500 }, tDe, 'de')).toBe('Der Schritt ist fehlgeschlagen.');
  });

  it('never shows an unknown English server text to a German user', () => {
    expect(errorText({ code: 400, message: 'Invalid query: foo is not a queryable field' }, tDe, 'de')).toBe('Die Eingabe wurde abgelehnt.');
    expect(errorText({ code: 400, message: 'Invalid query: foo is not a queryable field' }, tEn, 'en')).toBe('Invalid query: foo is not a queryable field');
    expect(errorText(new Error(''), tEn, 'en')).toBe('Something went wrong. Try again later.');
  });
});

describe('document problems in en and de', () => {
  const reasons = [
    ...Object.values(PROBLEMS).map((p) => p.reason),
    problem.pdfCrashed('bad xref').reason,
    problem.timeout(90_000).reason,
    problem.tooManyPages(400, 200).reason,
    problem.tooManyOcrPages(30, 20).reason,
    problem.ocrFailed(3).reason,
    problem.imageTooLarge(120, 100).reason,
  ];

  it.each(reasons)('"%s" is shown in German', (reason) => {
    const german = problemText(reason, null, pDe, 'de');
    expect(german).not.toBe(reason);
    expect(german).not.toMatch(/^documentProblems\./);
    expect(problemText(reason, null, pEn, 'en')).not.toMatch(/^documentProblems\./);
  });

  it.each(KNOWN_PROBLEMS.map((k) => k.key))('%s exists in both languages and differs in German', (key) => {
    expect((en.documentProblems as Texts)[key]).toBeTruthy();
    expect((de.documentProblems as Texts)[key]).not.toBe((en.documentProblems as Texts)[key]);
  });

  it('says the damaged PDF in the user language and keeps the values', () => {
    expect(problemText('The PDF file is damaged and cannot be read.', true, pDe, 'de')).toBe('Die PDF-Datei ist beschädigt und kann nicht gelesen werden.');
    expect(problemText('The PDF has 400 pages; only the first 200 were read.', false, pDe, 'de')).toBe(
      'Das PDF hat 400 Seiten; nur die ersten 200 wurden gelesen.',
    );
  });

  it('never shows an unknown English reason to a German user', () => {
    expect(problemText('page 2 is blurred', false, pDe, 'de')).toBe('Der Beleg konnte nur teilweise gelesen werden.');
    expect(problemText('page 2 is blurred', true, pDe, 'de')).toBe('Die Datei ist beschädigt und kann nicht gelesen werden.');
    expect(problemText('page 2 is blurred', false, pEn, 'en')).toBe('page 2 is blurred');
  });
});
