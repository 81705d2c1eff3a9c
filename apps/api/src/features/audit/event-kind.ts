/** The timeline kind of an event type: `DocumentFieldsExtracted` → `fields-extracted`. */
export function auditKindOf(type: string): string {
  const name = type.startsWith('Document') && type.length > 'Document'.length ? type.slice('Document'.length) : type;
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}
