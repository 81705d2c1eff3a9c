import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { KEYCLOAK_ATTRIBUTES } from '../features/idp-users/keycloak-user-mapping';

const ROOT = resolve(__dirname, '../../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: unknown };
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(read('deploy/docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };
const readme = read('README.md');
/** Services that keep state on disk and so need a named volume. */
const STATEFUL = ['eventstore', 'mongo', 'kafka', 'api', 'ocr-worker'];

describe('deploy/docker-compose.yml', () => {
  const services = Object.entries(compose.services);

  it('pins every image by version (no latest, no bare name)', () => {
    for (const [name, service] of services) {
      expect([name, service.image]).toEqual([name, expect.stringMatching(/^[\w./-]+:(?!latest$)[\w.-]*\d[\w.-]*$/)]);
    }
  });

  it('gives every backing service and the api a health check and starts the apps only when they are healthy', () => {
    for (const name of ['eventstore', 'mongo', 'kafka', 'keycloak', 'api']) expect([name, compose.services[name]?.healthcheck?.test]).toEqual([name, expect.anything()]);
    for (const name of ['api', 'projector', 'ocr-worker']) {
      const depends = compose.services[name]?.depends_on ?? {};
      for (const backing of ['eventstore', 'mongo', 'kafka']) expect([name, backing, depends[backing]?.condition]).toEqual([name, backing, 'service_healthy']);
    }
  });

  it('keeps the state of every stateful service in a named volume that is declared', () => {
    for (const name of STATEFUL) {
      const named = (compose.services[name]?.volumes ?? []).map((v) => v.split(':')[0]!).filter((v) => !v.startsWith('.') && !v.startsWith('/'));
      expect([name, named.length > 0]).toEqual([name, true]);
      for (const volume of named) expect(Object.keys(compose.volumes)).toContain(volume);
    }
  });

  it('sets only variables the README documents, and references no undefined ${VARIABLE}', () => {
    const text = read('deploy/docker-compose.yml');
    expect(text.match(/\$\{[^}]+\}/g) ?? []).toEqual([]);
    const portalVariables = new Set(['api', 'projector', 'ocr-worker'].flatMap((name) => Object.keys(compose.services[name]?.environment ?? {})));
    const undocumented = [...portalVariables].filter((v) => v !== 'NODE_ENV' && !readme.includes(`\`${v}\``));
    expect(undocumented).toEqual([]);
  });
});

describe('deploy/keycloak/tax-portal-realm.json', () => {
  const realm = JSON.parse(read('deploy/keycloak/tax-portal-realm.json')) as {
    realm: string;
    clients: Array<{ clientId: string; publicClient?: boolean; serviceAccountsEnabled?: boolean; redirectUris?: string[]; attributes?: Record<string, string>; protocolMappers?: Array<{ config?: Record<string, string> }> }>;
    users: Array<{ username: string; enabled?: boolean; attributes?: Record<string, string[]>; serviceAccountClientId?: string; clientRoles?: Record<string, string[]> }>;
    eventsEnabled?: boolean;
    enabledEventTypes?: string[];
    components: Record<string, Array<{ providerId: string; config: Record<string, string[]> }>>;
  };
  const portal = realm.clients.find((c) => c.clientId === 'tax-portal');

  it('is the realm the compose file points the apps at', () => {
    expect(compose.services.api?.environment?.OIDC_ISSUER).toBe(`http://localhost:8080/realms/${realm.realm}`);
    expect(compose.services.api?.environment?.OIDC_CLIENT_ID).toBe(portal?.clientId);
  });

  it('has the portal as a public client with PKCE S256, redirects only to the portal and the api audience in its tokens', () => {
    expect(portal).toMatchObject({ publicClient: true, attributes: expect.objectContaining({ 'pkce.code.challenge.method': 'S256' }) });
    expect(portal?.redirectUris).toEqual(['http://localhost:3030/*']);
    expect(JSON.stringify(portal?.protocolMappers ?? [])).toContain(compose.services.api?.environment?.OIDC_AUDIENCE ?? 'missing');
  });

  it("declares in its user profile every attribute the user manager keeps (Keycloak drops undeclared ones), each mapped into the portal's tokens", () => {
    const profile = realm.components['org.keycloak.userprofile.UserProfileProvider']?.find((c) => c.providerId === 'declarative-user-profile');
    const declared = (JSON.parse(profile?.config['kc.user.profile.config']?.[0] ?? '{}') as { attributes: Array<{ name: string }> }).attributes.map((a) => a.name);
    // locale is Keycloak's own attribute while internationalization is on.
    const kept = Object.values(KEYCLOAK_ATTRIBUTES).filter((name) => name !== 'locale');
    expect(kept.filter((name) => !declared.includes(name))).toEqual([]);
    const mapped = (portal?.protocolMappers ?? []).map((m) => m.config?.['user.attribute']);
    for (const claim of ['klienten', 'all_clients', 'excluded_klienten', 'locale']) expect(mapped).toContain(claim);
  });

  it("has the user manager's admin client: confidential, a service account that may manage users and read login events, which are recorded", () => {
    const admin = realm.clients.find((c) => c.clientId === 'tax-portal-admin');
    expect(admin).toMatchObject({ publicClient: false, serviceAccountsEnabled: true });
    const account = realm.users.find((u) => u.serviceAccountClientId === 'tax-portal-admin');
    expect(account?.clientRoles?.['realm-management']).toEqual(expect.arrayContaining(['manage-users', 'view-users', 'query-users', 'view-events']));
    expect(realm.eventsEnabled).toBe(true);
    expect(realm.enabledEventTypes).toContain('LOGIN');
    expect(compose.services.api?.environment?.KEYCLOAK_ADMIN_URL).toBe('http://keycloak:8080');
  });

  it('holds enabled demo users', () => {
    expect(realm.users.map((u) => u.username)).toEqual(expect.arrayContaining(['admin', 'client1']));
    expect(realm.users.every((u) => u.enabled !== false)).toBe(true);
  });
});
