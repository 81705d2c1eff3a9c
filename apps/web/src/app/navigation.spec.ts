import { ALL_PERMISSIONS, type Permission } from '@portal/contracts';
import { ADMIN_ENTRIES, MAIN_ENTRIES, visibleEntries } from './navigation';
import { ROUTE_PERMISSIONS } from './route-permissions';
import { routeById, routePath, ROUTES, startPath } from './routes';

const holder =
  (...perms: Permission[]) =>
  (...anyOf: Permission[]) =>
    anyOf.some((p) => perms.includes(p));

describe('drawer entries', () => {
  it('show Overview only with ove', () => {
    expect(visibleEntries(MAIN_ENTRIES, holder('ove')).map((e) => e.routeId)).toContain('overview');
    expect(visibleEntries(MAIN_ENTRIES, holder('doc', 'rep', 'pay', 'ban', 'ded', 'lar')).map((e) => e.routeId)).not.toContain('overview');
  });

  it('show Documents only with doc', () => {
    expect(visibleEntries(MAIN_ENTRIES, holder('doc')).map((e) => e.routeId)).toContain('documents');
    expect(visibleEntries(MAIN_ENTRIES, holder('ove', 'rep', 'ded')).map((e) => e.routeId)).not.toContain('documents');
  });

  it('count the document editor inbox beside the editor, never beside the documents lists it is not in', () => {
    const entries = visibleEntries(MAIN_ENTRIES, holder('doc', 'ded'));
    expect(entries.find((e) => e.routeId === 'documents')?.badge).toBeUndefined();
    expect(entries.find((e) => e.routeId === 'document-editor')).toMatchObject({ badge: 'editorInbox', badgeAnyOf: ['ded'] });
  });

  it('leave out entries whose screens are not built yet', () => {
    const built = new Set(ROUTES.map((r) => r.id));
    for (const entry of visibleEntries([...MAIN_ENTRIES, ...ADMIN_ENTRIES], holder(...ALL_PERMISSIONS))) expect(built.has(entry.routeId)).toBe(true);
  });

  it('show every admin entry whose screen exists to adm and none without it', () => {
    const built = ADMIN_ENTRIES.filter((e) => routeById(e.routeId));
    expect(visibleEntries(ADMIN_ENTRIES, holder('adm'))).toEqual(built);
    expect(visibleEntries(ADMIN_ENTRIES, holder('doc', 'rep', 'ove', 'ban', 'ded', 'acc'))).toEqual([]);
  });

  it('show Banking with adm or ban and the Banking Overview only with adm, each with its badge', () => {
    expect(visibleEntries(MAIN_ENTRIES, holder('ban')).find((e) => e.routeId === 'banking')?.badge).toBe('bankAccesses');
    expect(visibleEntries(MAIN_ENTRIES, holder('adm')).map((e) => e.routeId)).toContain('banking');
    expect(visibleEntries(MAIN_ENTRIES, holder('rep', 'pay')).map((e) => e.routeId)).not.toContain('banking');
    expect(visibleEntries(ADMIN_ENTRIES, holder('adm')).find((e) => e.routeId === 'adm-banking')?.badge).toBe('bankOverview');
    expect(visibleEntries(ADMIN_ENTRIES, holder('ban')).map((e) => e.routeId)).not.toContain('adm-banking');
  });

  it('follow spec §6 permissions', () => {
    const byRoute = Object.fromEntries([...MAIN_ENTRIES, ...ADMIN_ENTRIES].map((e) => [e.routeId, ROUTE_PERMISSIONS[e.routeId]]));
    expect(byRoute).toMatchObject({
      overview: ['ove'],
      unpaid: ['rep'],
      reports: ['rep'],
      banking: ['adm', 'ban'],
      documents: ['doc'],
      'document-editor': ['ded'],
      settings: ['adm'],
      'sv-tool': ['adm'],
    });
  });
});

describe('routes', () => {
  it('send ove users to /overview and others to their first client invoices', () => {
    expect(startPath(holder('ove'), 1001)).toBe('/overview');
    expect(startPath(holder('doc'), 1001)).toBe('/invoices/1001');
  });

  it('build paths only for existing routes', () => {
    expect(routePath('overview')).toBe('/overview');
    expect(routePath('documents', { client: 1001 })).toBe('/documents/1001');
    expect(routePath('no-such-route')).toBeNull();
    expect(routePath('sv-tool')).toBe('/admin/sv-tool');
  });
});
