import { ORIGIN, type DocumentLabel, type DocumentRecord, type ExtractedFields, type LabelField, type LabelValue } from '@portal/contracts';
import { LABEL_BOOKING_FIELD, type DocumentEvent } from '@portal/domain';

type LabelEvent = Extract<DocumentEvent, { type: 'DocumentFieldLabeled' | 'DocumentLabelUndone' }>;
type Changed = Pick<DocumentRecord, 'booking' | 'booking_origins' | 'fields' | 'field_origins' | 'labels'>;

function withVatId(fields: ExtractedFields, field: LabelField, value: LabelValue | null): ExtractedFields {
  const party = field === 'biller_vat_id' ? 'biller' : 'recipient';
  const { vat_id: _old, ...rest } = fields[party] ?? {};
  return { ...fields, [party]: value === null ? rest : { ...rest, vat_id: String(value) } };
}

/** A label sets its field with origin Human_Labeling 9; its undo puts back the value and origin it replaced. */
export function labelChange(current: DocumentRecord, event: LabelEvent, userId: string, at: string): Changed {
  const booking = { ...current.booking };
  const booking_origins = { ...current.booking_origins };
  let fields = current.fields;
  const field_origins = { ...current.field_origins };
  const labels = current.labels ?? [];
  const set = (field: LabelField, value: LabelValue | null, origin: number | null) => {
    const name = LABEL_BOOKING_FIELD[field];
    if (name) {
      Object.assign(booking, { [name]: value });
      if (origin === null) delete booking_origins[name];
      else booking_origins[name] = origin;
    } else {
      fields = withVatId(fields, field, value);
      const party = field === 'biller_vat_id' ? 'biller' : 'recipient';
      if (origin !== null) field_origins[party] = origin;
    }
  };
  const originOf = (field: LabelField) => {
    const name = LABEL_BOOKING_FIELD[field];
    return (name ? current.booking_origins[name] : current.field_origins[field === 'biller_vat_id' ? 'biller' : 'recipient']) ?? null;
  };
  if (event.type === 'DocumentFieldLabeled') {
    const d = event.data;
    const label: DocumentLabel = {
      id: d.labelId,
      field: d.field,
      box: d.box,
      text: d.text,
      value: d.value,
      by: userId,
      at,
      previous: d.previous,
      previous_origin: originOf(d.field),
    };
    set(d.field, d.value, ORIGIN.Human_Labeling);
    return { booking, booking_origins, fields, field_origins, labels: [...labels, label] };
  }
  const label = labels.find((l) => l.id === event.data.labelId);
  if (event.data.restores) set(event.data.field, event.data.restored, label?.previous_origin ?? null);
  return { booking, booking_origins, fields, field_origins, labels: labels.filter((l) => l.id !== event.data.labelId) };
}
