import type { BankImport } from '@portal/contracts';

export type UploadAnswer = { ok: true; record: BankImport } | { ok: false; message: string };

export interface StatementUploadRequest {
  file: File;
  clientNo: number;
  accountId: string | null;
  token: string | null;
}

/** The upload port: POST /api/banking/statements; tests hand in a fake. */
export type StatementUploader = (request: StatementUploadRequest) => Promise<UploadAnswer>;

export const uploadStatement: StatementUploader = async ({ file, clientNo, accountId, token }) => {
  const form = new FormData();
  form.append('file', file, file.name);
  const query = new URLSearchParams({ client: String(clientNo), ...(accountId ? { account: accountId } : {}) });
  try {
    const response = await fetch(`/api/banking/statements?${query.toString()}`, { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
    const body = (await response.json().catch(() => null)) as (BankImport & { message?: string }) | null;
    if (response.ok && body) return { ok: true, record: body };
    return { ok: false, message: body?.message ?? 'Error during upload.' };
  } catch {
    return { ok: false, message: 'Error during upload.' };
  }
};
