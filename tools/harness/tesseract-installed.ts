import { execFileSync } from 'node:child_process';

let missing: string | null | undefined;

/** Why specs of the native engine cannot run here (null when Debian's tesseract with deu and eng is installed). */
export function nativeTesseractMissing(): string | null {
  if (missing !== undefined) return missing;
  try {
    const langs = execFileSync('tesseract', ['--list-langs'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
      .split('\n')
      .map((l) => l.trim());
    missing =
      langs.includes('deu') && langs.includes('eng')
        ? null
        : 'tesseract has no deu/eng data (apt-get install tesseract-ocr-deu tesseract-ocr-eng; npm test installs them as root)';
  } catch {
    missing = "Debian's tesseract is not installed (apt-get install tesseract-ocr tesseract-ocr-deu tesseract-ocr-eng; npm test installs it as root)";
  }
  return missing;
}
