import { useEffect, useState } from 'react';
import type { DocumentFile } from '../../api/document-files';
import { fetchDocumentFile } from '../../api/document-files';
import { useStores } from '../../app/stores-context';

export interface FileState {
  file: DocumentFile | null;
  error: Error | null;
}

/** The current file of a document, fetched with the bearer token (null id: nothing to fetch), again when it changes. */
export function useDocumentFile(documentId: number | null, sha256: string): FileState {
  const { client } = useStores();
  const [state, setState] = useState<FileState>({ file: null, error: null });
  useEffect(() => {
    setState({ file: null, error: null });
    if (documentId === null) return undefined;
    const abort = new AbortController();
    fetchDocumentFile(documentId, sha256, client.storage.get(), abort.signal).then(
      (file) => setState({ file, error: null }),
      (error: unknown) => !abort.signal.aborted && setState({ file: null, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => abort.abort();
  }, [documentId, sha256, client]);
  return state;
}

/** An object URL for bytes, revoked when they change or the component goes. */
export function useObjectUrl(bytes: Uint8Array | null, type: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!bytes) return undefined;
    const u = URL.createObjectURL(new Blob([bytes.slice().buffer as ArrayBuffer], { type }));
    setUrl(u);
    return () => {
      URL.revokeObjectURL(u);
      setUrl(null);
    };
  }, [bytes, type]);
  return url;
}
