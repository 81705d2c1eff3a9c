import type { EditorDocumentRecord } from '@portal/contracts';
import type { TFunction } from 'i18next';

/** Where an item came from, in one line: upload by whom, which scanner by which path, or cut from another. */
export function originText(t: TFunction, item: EditorDocumentRecord): string {
  if (item.kind === 'draft') return t('editor.channel.draft');
  if (item.kind === 'revision') return t('editor.channel.revision');
  return t(`editor.channel.${item.channel ?? 'upload'}`, { who: item.sender ?? '—', scanner: item.scanner_name ?? item.scanner_id ?? '—' });
}

/** The spec text of a known server message in the user's language; anything else as the portal translates failures. */
const KNOWN: Record<string, string> = {
  'pages must be selected': 'editor.messages.pagesMustBeSelected',
  'Document name at least 1 character': 'editor.messages.nameTooShort',
  'client and document group must be chosen': 'editor.messages.clientAndGroup',
  'Document could not be created because it already exists in the document group': 'editor.messages.duplicateInGroup',
  'Document already exists.': 'editor.messages.exists',
  'Error during upload.': 'editor.messages.uploadFailed',
};

export function messageText(t: TFunction, error: { message: string }, otherwise: (error: unknown) => string): string {
  const key = KNOWN[error.message];
  return key ? t(key) : otherwise(error);
}
