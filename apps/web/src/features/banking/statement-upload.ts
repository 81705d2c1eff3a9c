import type { BankImport, StatementPreview } from '@portal/contracts';

export type UploadAnswer = { ok: true; record: BankImport } | { ok: false; message: string };
export type PreviewAnswer = { ok: true; preview: StatementPreview } | { ok: false; message: string };

export interface StatementUploadRequest {
  file: File;
  clientNo: number;
  accountId: string | null;
  token: string | null;
}

/** The statement port: POST /api/banking/statements (preview=1 first, then the import); tests hand in a fake. */
export interface StatementPort {
  preview(request: StatementUploadRequest & { skipLines?: number }): Promise<PreviewAnswer>;
  upload(request: StatementUploadRequest): Promise<UploadAnswer>;
}

async function post<T>(
  { file, clientNo, accountId, token }: StatementUploadRequest,
  extra: Record<string, string>,
): Promise<{ ok: true; body: T } | { ok: false; message: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  const query = new URLSearchParams({ client: String(clientNo), ...(accountId ? { account: accountId } : {}), ...extra });
  try {
    const response = await fetch(`/api/banking/statements?${query.toString()}`, {
      method: 'POST',
      body: form,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    const body = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
    if (response.ok && body) return { ok: true, body };
    return { ok: false, message: body?.message ?? 'Error during upload.' };
  } catch {
    return { ok: false, message: 'Error during upload.' };
  }
}

export const statementPort: StatementPort = {
  async preview(request) {
    const answer = await post<StatementPreview>(request, { preview: '1', ...(request.skipLines !== undefined ? { skip: String(request.skipLines) } : {}) });
    return answer.ok ? { ok: true, preview: answer.body } : answer;
  },
  async upload(request) {
    const answer = await post<BankImport>(request, {});
    return answer.ok ? { ok: true, record: answer.body } : answer;
  },
};
