import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

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
const STATEFUL = ['eventstore', 'mongo', 'kafka', 'keycloak-db', 'api', 'ocr-worker'];
/** An image tag naming a full version (major.minor.patch; PostgreSQL's versions have two parts), never latest or a moving major/minor tag. */
const PINNED = /^([\w./-]+:\d+\.\d+\.\d+([\w.-]*)|postgres:\d+\.\d+)$/;

describe('deploy/docker-compose.yml', () => {
  const services = Object.entries(compose.services);

  it('pins every image by its full version (no latest, no moving major or minor tag), the base of the Dockerfile too', () => {
    for (const [name, service] of services) expect([name, service.image]).toEqual([name, expect.stringMatching(PINNED)]);
    for (const from of read('deploy/Dockerfile').match(/^FROM \S+/gm) ?? ['FROM none']) expect(from.slice(5)).toMatch(PINNED);
  });

  it('gives every backing service and the api a health check and starts the apps only when they are healthy', () => {
    for (const name of ['eventstore', 'mongo', 'kafka', 'keycloak-db', 'keycloak', 'api']) expect([name, compose.services[name]?.healthcheck?.test]).toEqual([name, expect.anything()]);
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

  it('sets only variables the README documents; a ${VARIABLE} is a required secret from the shell, documented too', () => {
    const text = read('deploy/docker-compose.yml');
    const references = text.match(/\$\{[^}]+\}/g) ?? [];
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) {
      const name = /^\$\{(\w+):\?/.exec(reference)?.[1];
      expect([reference, name && readme.includes(`\`${name}\``)]).toEqual([reference, true]);
    }
    const portalVariables = new Set(['api', 'projector', 'ocr-worker'].flatMap((name) => Object.keys(compose.services[name]?.environment ?? {})));
    const undocumented = [...portalVariables].filter((v) => v !== 'NODE_ENV' && !readme.includes(`\`${v}\``));
    expect(undocumented).toEqual([]);
  });

  it('runs Keycloak in production mode on its own database, with no fixed admin password', () => {
    const keycloak = compose.services.keycloak;
    expect(keycloak?.command?.[0]).toBe('start');
    expect(keycloak?.environment).toMatchObject({ KC_DB: 'postgres', KC_BOOTSTRAP_ADMIN_PASSWORD: expect.stringMatching(/^\$\{KC_BOOTSTRAP_ADMIN_PASSWORD:\?/) });
    expect(keycloak?.depends_on?.['keycloak-db']?.condition).toBe('service_healthy');
  });
});

describe('deploy/keycloak/tax-portal-realm.json', () => {
  const realm = JSON.parse(read('deploy/keycloak/tax-portal-realm.json')) as {
    realm: string;
    clients: Array<{ clientId: string; publicClient?: boolean; redirectUris?: string[]; attributes?: Record<string, string>; protocolMappers?: Array<{ config?: Record<string, string> }> }>;
    users: Array<{ username: string; enabled?: boolean; attributes?: Record<string, string[]>; credentials?: unknown[]; requiredActions?: string[] }>;
  };
  const portal = realm.clients.find((c) => c.clientId === 'tax-portal');

  it('is the realm the compose file points the apps at', () => {
    expect(compose.services.api?.environment?.OIDC_ISSUER).toBe(`http://localhost:8080/realms/${realm.realm}`);
    expect(compose.services.api?.environment?.OIDC_CLIENT_ID).toBe(portal?.clientId);
  });

  it('has the portal as a public client with PKCE S256, redirects to exactly the root and the silent check page, and the api audience in its tokens', () => {
    expect(portal).toMatchObject({ publicClient: true, attributes: expect.objectContaining({ 'pkce.code.challenge.method': 'S256' }) });
    expect(portal?.redirectUris).toEqual(['http://localhost:3030/', 'http://localhost:3030/silent-check-sso.html']);
    expect(portal?.attributes?.['post.logout.redirect.uris']).toBe('http://localhost:3030/');
    expect(JSON.stringify(portal)).not.toContain('*');
    expect(JSON.stringify(portal?.protocolMappers ?? [])).toContain(compose.services.api?.environment?.OIDC_AUDIENCE ?? 'missing');
  });

  it('holds the first users without any credential: a temporary password is set by the documented bootstrap', () => {
    expect(realm.users.map((u) => u.username)).toEqual(expect.arrayContaining(['admin', 'client1']));
    for (const user of realm.users) expect([user.username, user.credentials, user.requiredActions]).toEqual([user.username, undefined, expect.arrayContaining(['UPDATE_PASSWORD'])]);
    expect(read('deploy/keycloak/tax-portal-realm.json')).not.toMatch(/"(password|secret|value|hashedSaltedValue)"\s*:/);
    expect(readme).toContain('kcadm.sh set-password');
  });
});
