import { Tag } from '@blueprintjs/core';
import type { Intent } from '@blueprintjs/core';
import type { DocumentRecord } from '@portal/contracts';
import { DOCUMENT_FLAGS } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

interface FlagTag {
  key: string;
  intent: Intent;
}

type Tagged = Pick<DocumentRecord, 'flags' | 'confirmed' | 'booked' | 'locked' | 'invalid' | 'deleted'> & Partial<Pick<DocumentRecord, 'payroll'>>;

/**
 * The state tags of a list row: payroll (only dpv users ever receive payroll documents), confirmed, booked,
 * locked, invalid; with `detailed` (the document view, which shows payroll apart) the ERP and problem flags.
 */
export function flagTags(doc: Tagged, detailed = false): FlagTag[] {
  const tags: FlagTag[] = [];
  if (doc.payroll && !detailed) tags.push({ key: 'payroll', intent: 'warning' });
  if (doc.confirmed) tags.push({ key: 'confirmed', intent: 'success' });
  if (doc.booked) tags.push({ key: 'booked', intent: 'primary' });
  if (doc.locked) tags.push({ key: 'locked', intent: 'none' });
  if (doc.invalid) tags.push({ key: 'invalid', intent: 'danger' });
  if (detailed) {
    if (doc.flags & DOCUMENT_FLAGS.ERPImported) tags.push({ key: 'erpImported', intent: 'primary' });
    if (doc.flags & DOCUMENT_FLAGS.ERPError) tags.push({ key: 'erpError', intent: 'danger' });
    if (doc.flags & DOCUMENT_FLAGS.ERPInfo) tags.push({ key: 'erpInfo', intent: 'warning' });
    if (doc.flags & DOCUMENT_FLAGS.BadRendering) tags.push({ key: 'badRendering', intent: 'warning' });
    if (doc.flags & DOCUMENT_FLAGS.Broken) tags.push({ key: 'broken', intent: 'danger' });
    if (doc.deleted) tags.push({ key: 'deleted', intent: 'warning' });
  }
  return tags;
}

export interface FlagTagsProps {
  doc: Tagged;
  detailed?: boolean;
}

/** Flags as Blueprint tags. */
export function FlagTags({ doc, detailed = false }: FlagTagsProps) {
  const { t } = useTranslation();
  return (
    <span className="portal-flag-tags" data-testid="flag-tags">
      {flagTags(doc, detailed).map((f) => (
        <Tag key={f.key} intent={f.intent} minimal={!detailed} round data-flag={f.key}>
          {t(`documents.flags.${f.key}`)}
        </Tag>
      ))}
    </span>
  );
}
