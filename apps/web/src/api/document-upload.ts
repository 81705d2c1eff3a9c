import type { FilingCategoryCode } from '@portal/contracts';

/** One file's outcome of POST /api/documents/upload. */
export type UploadOutcome =
  { fileName: string; ok: true; documentId: number } | { fileName: string; ok: false; error: { name: string; code: number; message: string } };

export interface UploadRequest {
  file: File;
  clientNo: number;
  category: FilingCategoryCode;
  /** Payroll documents reach only users with dpv. */
  payroll?: boolean;
  token: string | null;
  /** Bytes sent so far, of total. */
  onProgress: (loaded: number, total: number) => void;
}

/** The upload port: the browser uses XMLHttpRequest (for upload progress); tests hand in a fake. */
export type Uploader = (request: UploadRequest) => Promise<UploadOutcome>;

/** Fallback for answers that are not the endpoint's JSON (spec §8). */
const UPLOAD_FAILED = 'Error during upload.';

function failed(fileName: string, code: number, message = UPLOAD_FAILED): UploadOutcome {
  return { fileName, ok: false, error: { name: 'GeneralError', code, message } };
}

/** POSTs one file (multipart field `files`) with the bearer token and upload progress; answers the first file's outcome. */
export function postFile<T extends { fileName: string }>(
  url: string,
  file: File,
  token: string | null,
  onProgress: (loaded: number, total: number) => void,
): Promise<T | UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => {
      const body = xhr.response as { files?: T[]; message?: string } | null;
      const outcome = body?.files?.[0];
      if (outcome) resolve(outcome);
      else resolve(failed(file.name, xhr.status, body?.message ?? UPLOAD_FAILED));
    };
    xhr.onerror = () => resolve(failed(file.name, 0));
    xhr.onabort = () => resolve(failed(file.name, 0));
    const form = new FormData();
    form.append('files', file, file.name);
    xhr.send(form);
  });
}

/** POST /api/documents/upload?client=…&category=… with one file (field `files`), bearer token, progress events. */
export const xhrUploader: Uploader = ({ file, clientNo, category, payroll, token, onProgress }) =>
  postFile<UploadOutcome>(
    `/api/documents/upload?client=${encodeURIComponent(String(clientNo))}&category=${encodeURIComponent(category)}${payroll ? '&payroll=1' : ''}`,
    file,
    token,
    onProgress,
  );
