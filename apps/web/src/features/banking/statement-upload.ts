import type { BankImport, CsvMapping, StatementPreview } from '@portal/contracts';

export type UploadAnswer = { ok: true; record: BankImport } | { ok: false; message: string };
export type PreviewAnswer = { ok: true; preview: StatementPreview } | { ok: false; message: string };

export interface StatementUploadRequest {
  file: File;
  clientNo: number;
  accountId: string | null;
  token: string | null;
  /** The account chosen for each account number the file's rows name without IBAN. */
  accounts?: Record<string, string>;
}

/** A preview also reads a CSV through a column mapping the user has not saved yet. */
export type StatementPreviewRequest = StatementUploadRequest & { skipLines?: number; mapping?: CsvMapping | null };

/** The statement port: POST /api/banking/statements (preview=1 first, then the import); tests hand in a fake. */
export interface StatementPort {
  preview(request: StatementPreviewRequest): Promise<PreviewAnswer>;
  upload(request: StatementUploadRequest): Promise<UploadAnswer>;
}

async function post<T>(
  { file, clientNo, accountId, token, accounts }: StatementUploadRequest,
  extra: Record<string, string>,
): Promise<{ ok: true; body: T } | { ok: false; message: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  const query = new URLSearchParams({
    client: String(clientNo),
    ...(accountId ? { account: accountId } : {}),
    ...(accounts && Object.keys(accounts).length > 0 ? { accounts: JSON.stringify(accounts) } : {}),
    ...extra,
  });
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
    const answer = await post<StatementPreview>(request, {
      preview: '1',
      ...(request.skipLines !== undefined ? { skip: String(request.skipLines) } : {}),
      ...(request.mapping ? { mapping: JSON.stringify(request.mapping) } : {}),
    });
    return answer.ok ? { ok: true, preview: answer.body } : answer;
  },
  async upload(request) {
    const answer = await post<BankImport>(request, {});
    return answer.ok ? { ok: true, record: answer.body } : answer;
  },
};
