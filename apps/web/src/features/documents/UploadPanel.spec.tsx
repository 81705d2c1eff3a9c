import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { Uploader, UploadOutcome } from '../../api/document-upload';
import type { RootStore } from '../../stores/RootStore';
import { flush } from '../../test-support/fake-socket';
import de from './documents.de.json';
import en from './documents.en.json';
import { UploadPanel } from './UploadPanel';
import { UploadsStore } from './UploadsStore';

async function panelText(uploads: UploadsStore, language: 'en' | 'de'): Promise<string[]> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { en: { translation: { documents: en } }, de: { translation: { documents: de } } },
    interpolation: { escapeValue: false },
  });
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <UploadPanel uploads={uploads} />
    </I18nextProvider>,
  );
  return [...html.matchAll(/data-testid="upload-status">([^<]*)</g)].map((m) => m[1]);
}

/** A store whose one upload has been answered with document 41 and now follows the worker. */
async function uploaded(): Promise<UploadsStore> {
  let answer: (o: UploadOutcome) => void = () => undefined;
  const uploader: Uploader = () => new Promise((resolve) => (answer = resolve));
  const root = { client: { storage: { get: () => 'token-1' } } } as unknown as RootStore;
  const uploads = new UploadsStore(root, uploader);
  uploads.add([new File(['%PDF'], 'Rechnung.pdf')], 1001);
  answer({ fileName: 'Rechnung.pdf', ok: true, documentId: 41 });
  await flush();
  return uploads;
}

describe('UploadPanel', () => {
  it('shows an upload waiting for the reader its place in the line and the wait, in the user language', async () => {
    const uploads = await uploaded();
    uploads.applyProgress({ documentId: 41, client_no: 1001, stage: 'uploaded', percent: 10, queue_position: 2, estimate_seconds: 170 });
    expect(await panelText(uploads, 'de')).toEqual(['Wartet auf Texterkennung: Platz 2, etwa 3 Minuten']);
    expect(await panelText(uploads, 'en')).toEqual(['Waiting for text recognition: place 2, about 3 minutes']);
  });

  it('follows the line forward, then shows the reading stage once the reader takes it', async () => {
    const uploads = await uploaded();
    uploads.applyProgress({ documentId: 41, client_no: 1001, stage: 'uploaded', percent: 10, queue_position: 2, estimate_seconds: 170 });
    uploads.applyProgress({ documentId: 41, client_no: 1001, stage: 'uploaded', percent: 10, queue_position: 1, estimate_seconds: 50 });
    expect(await panelText(uploads, 'de')).toEqual(['Wartet auf Texterkennung: Platz 1, etwa 1 Minute']);
    uploads.applyProgress({ documentId: 41, client_no: 1001, stage: 'ocr', percent: 40 });
    expect(await panelText(uploads, 'de')).toEqual(['Texterkennung (OCR) 40 %']);
    uploads.applyProgress({ documentId: 41, client_no: 1001, stage: 'done', percent: 100 });
    expect(await panelText(uploads, 'en')).toEqual(['Extracted']);
  });

  it('says an upload the worker has not placed yet waits for text recognition, without a place', async () => {
    const uploads = await uploaded();
    expect(await panelText(uploads, 'de')).toEqual(['Hochgeladen, wartet auf Texterkennung 10 %']);
  });
});
