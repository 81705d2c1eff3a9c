import type { EditorDocumentRecord } from '@portal/contracts';
import type { TFunction } from 'i18next';

/** Where an item came from, in one line: upload by whom, which scanner by which path, or cut from another. */
export function originText(t: TFunction, item: EditorDocumentRecord): string {
  if (item.kind === 'draft') return t('editor.channel.draft');
  if (item.kind === 'revision') return t('editor.channel.revision');
  return t(`editor.channel.${item.channel ?? 'upload'}`, { who: item.sender ?? '—', scanner: item.scanner_name ?? item.scanner_id ?? '—' });
}
