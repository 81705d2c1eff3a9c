import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `tesseract`: Debian's native command (package tesseract-ocr); `tesseract.js`: its WebAssembly build from npm. */
export type OcrEngineKind = 'tesseract' | 'tesseract.js';

/** `auto` (default): the native command when it is installed with the languages, else tesseract.js. */
export type OcrEngineSetting = 'auto' | OcrEngineKind;

export interface OcrEngineChoice {
  /** `none`: OCR_ENGINE asks for an engine that cannot run here (`fallback` says why). */
  engine: OcrEngineKind | 'none';
  version: string;
  languages: readonly string[];
  /** Why tesseract.js was chosen under `auto` (what is missing), to be shown beside it. */
  fallback?: string;
}

export const TESSERACT_COMMAND = 'tesseract';
/** The languages OCR reads unless told otherwise: invoices here are German or English. */
export const DEFAULT_OCR_LANGUAGES = ['deu', 'eng'] as const;
const INSTALL_HINT = 'apt-get install tesseract-ocr tesseract-ocr-deu tesseract-ocr-eng';

/** OCR_ENGINE as set in the environment; an unknown value is an error, not a silent default. */
export function ocrEngineSetting(env: NodeJS.ProcessEnv = process.env): OcrEngineSetting {
  const value = (env.OCR_ENGINE ?? 'auto').trim() || 'auto';
  if (value === 'auto' || value === 'tesseract' || value === 'tesseract.js') return value;
  throw new Error(`OCR_ENGINE must be auto, tesseract or tesseract.js, not '${value}'`);
}

/** The native command's version, or what is missing: the command itself or one of the languages' data. */
export async function probeTesseract(command: string, languages: readonly string[]): Promise<{ version: string } | { missing: string }> {
  let listed: string;
  let version: string;
  try {
    const [langs, about] = await Promise.all([run(command, ['--list-langs'], { timeout: 10_000 }), run(command, ['--version'], { timeout: 10_000 })]);
    listed = `${langs.stdout}\n${langs.stderr}`;
    version = /tesseract\s+v?(\d[^\s]*)/i.exec(`${about.stdout}\n${about.stderr}`)?.[1] ?? 'unknown';
  } catch {
    return { missing: `'${command}' is not installed (${INSTALL_HINT})` };
  }
  const installed = new Set(listed.split('\n').map((line) => line.trim()));
  const absent = languages.filter((lang) => !installed.has(lang));
  if (absent.length > 0) return { missing: `tesseract has no ${absent.join('+')} language data (${INSTALL_HINT})` };
  return { version };
}

function tesseractJsVersion(): string {
  // The package's manifest is not among its exports for `import`; require reads it as JSON.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('tesseract.js/package.json') as { version: string }).version;
}

const choices = new Map<string, Promise<OcrEngineChoice>>();

/**
 * The engine OCR runs on, probed once per process and setting (the api's /app-info and metrics ask the
 * same question as every OcrEngine). Forcing `tesseract` when it is missing fails with the install hint.
 */
export function chooseOcrEngine(setting: OcrEngineSetting, languages: readonly string[], command = TESSERACT_COMMAND): Promise<OcrEngineChoice> {
  const key = JSON.stringify([setting, languages, command]);
  let choice = choices.get(key);
  if (!choice) {
    choice = decide(setting, languages, command);
    choices.set(key, choice);
  }
  return choice;
}

async function decide(setting: OcrEngineSetting, languages: readonly string[], command: string): Promise<OcrEngineChoice> {
  if (setting === 'tesseract.js') return { engine: 'tesseract.js', version: tesseractJsVersion(), languages };
  const native = await probeTesseract(command, languages);
  if ('version' in native) return { engine: 'tesseract', version: native.version, languages };
  if (setting === 'tesseract') throw new Error(`OCR_ENGINE=tesseract, but ${native.missing}`);
  return { engine: 'tesseract.js', version: tesseractJsVersion(), languages, fallback: native.missing };
}

/** One line for people: engine, version and languages, and why the native engine is not used. */
export function describeOcrEngine(choice: OcrEngineChoice): string {
  if (choice.engine === 'none') return `none — ${choice.fallback ?? ''}`;
  const name = choice.engine === 'tesseract' ? `tesseract ${choice.version} (native)` : `tesseract.js ${choice.version} (WebAssembly)`;
  return `${name}, ${choice.languages.join('+')}${choice.fallback ? ` — ${choice.fallback}` : ''}`;
}

/** The engine an OcrEngine with the default languages uses in this process (OCR_ENGINE), for /app-info and metrics. */
export function ocrEngineInUse(): Promise<OcrEngineChoice> {
  return Promise.resolve()
    .then(() => chooseOcrEngine(ocrEngineSetting(), DEFAULT_OCR_LANGUAGES))
    .catch((error: unknown) => ({
      engine: 'none',
      version: '',
      languages: DEFAULT_OCR_LANGUAGES,
      fallback: error instanceof Error ? error.message : String(error),
    }));
}
