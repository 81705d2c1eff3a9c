import type { Permission } from '@portal/contracts';
import { MAIN_ENTRIES, visibleEntries } from './navigation';
import { routeById, routePath } from './routes';

const holder =
  (...perms: Permission[]) =>
  (...anyOf: Permission[]) =>
    anyOf.some((p) => perms.includes(p));

describe('the Accounting entry', () => {
  it('opens /invoices/{client} with the default type and shows the open-invoice badge', () => {
    expect(routePath('invoices', { client: 1001 })).toBe('/invoices/1001');
    expect(routePath('invoices', { client: 1001, document_type: 'er', document_id: 7 })).toBe('/invoices/1001/er/7');
    const entry = MAIN_ENTRIES.find((e) => e.routeId === 'invoices');
    expect(entry).toMatchObject({ labelKey: 'drawer.accounting', badge: 'invoices', perClient: true });
  });

  it('is shown to every user, as spec §6 names no permission for it and / sends users without ove there', () => {
    expect(visibleEntries(MAIN_ENTRIES, holder('doc')).map((e) => e.routeId)).toContain('invoices');
    expect(visibleEntries(MAIN_ENTRIES, holder('rep', 'lar')).map((e) => e.routeId)).toContain('invoices');
  });

  it('shows the company picker and follows the client parameter', () => {
    expect(routeById('invoices')).toMatchObject({ showCompanies: true, clientParam: 'client' });
  });
});
