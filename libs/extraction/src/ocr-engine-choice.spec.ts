import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chooseOcrEngine, describeOcrEngine, ocrEngineSetting, probeTesseract } from './ocr-engine-choice';
import { nativeTesseractMissing } from '@portal/tools';

const dir = mkdtempSync(path.join(tmpdir(), 'ocr-engine-choice-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for the command that answers --version and --list-langs as tesseract 5.3 does. */
function fakeTesseract(languages: string[]): string {
  const file = path.join(dir, `tesseract-${languages.join('-') || 'none'}`);
  const list = [`List of available languages in "/usr/share/tesseract-ocr/5/tessdata/" (${languages.length}):`, ...languages].join('\\n');
  writeFileSync(
    file,
    `#!/bin/sh\ncase "$1" in\n  --version) printf 'tesseract 5.3.0\\n leptonica-1.82.0\\n';;\n  --list-langs) printf '${list}\\n';;\n  *) exit 1;;\nesac\n`,
  );
  chmodSync(file, 0o755);
  return file;
}

describe('the OCR engine choice', () => {
  it('takes the native command when it is installed with every language', async () => {
    const choice = await chooseOcrEngine('auto', ['deu', 'eng'], fakeTesseract(['deu', 'eng', 'osd']));
    expect(choice).toEqual({ engine: 'tesseract', version: '5.3.0', languages: ['deu', 'eng'] });
    expect(describeOcrEngine(choice)).toBe('tesseract 5.3.0 (native), deu+eng');
  });

  it('falls back to tesseract.js when the command is absent, and says how to install it', async () => {
    const choice = await chooseOcrEngine('auto', ['deu', 'eng'], path.join(dir, 'no-such-tesseract'));
    expect(choice).toMatchObject({ engine: 'tesseract.js', version: expect.stringMatching(/^\d+\.\d+/) });
    expect(choice.fallback).toContain('is not installed (apt-get install tesseract-ocr tesseract-ocr-deu tesseract-ocr-eng)');
    expect(describeOcrEngine(choice)).toMatch(/^tesseract\.js \S+ \(WebAssembly\), deu\+eng — /);
  });

  it('falls back to tesseract.js when a language is missing from the native command', async () => {
    const choice = await chooseOcrEngine('auto', ['deu', 'eng'], fakeTesseract(['eng']));
    expect(choice).toMatchObject({ engine: 'tesseract.js', fallback: expect.stringContaining('tesseract has no deu language data') });
  });

  it('OCR_ENGINE=tesseract.js keeps tesseract.js even when the command is installed', async () => {
    expect(await chooseOcrEngine('tesseract.js', ['deu', 'eng'], fakeTesseract(['deu', 'eng']))).toMatchObject({ engine: 'tesseract.js' });
  });

  it('OCR_ENGINE=tesseract fails with the install hint when the command is absent', async () => {
    await expect(chooseOcrEngine('tesseract', ['deu'], path.join(dir, 'absent'))).rejects.toThrow(
      /OCR_ENGINE=tesseract, but .* is not installed \(apt-get install/,
    );
  });

  it('reads OCR_ENGINE, auto when unset, and refuses an unknown value', () => {
    expect(ocrEngineSetting({})).toBe('auto');
    expect(ocrEngineSetting({ OCR_ENGINE: 'tesseract' })).toBe('tesseract');
    expect(() => ocrEngineSetting({ OCR_ENGINE: 'cuneiform' })).toThrow("OCR_ENGINE must be auto, tesseract or tesseract.js, not 'cuneiform'");
  });

  (nativeTesseractMissing() ? it.skip : it)(
    `finds Debian's tesseract 5 with deu and eng where it is installed${nativeTesseractMissing() ? ` (skipped: ${nativeTesseractMissing()})` : ''}`,
    async () => {
      expect(await probeTesseract('tesseract', ['deu', 'eng'])).toEqual({ version: expect.stringMatching(/^5\./) });
    },
  );
});
