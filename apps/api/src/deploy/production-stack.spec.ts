import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { KEYCLOAK_ATTRIBUTES } from '../features/user-admin/keycloak-user-mapping';

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
    for (const name of ['eventstore', 'mongo', 'kafka', 'keycloak-db', 'keycloak', 'api'])
      expect([name, compose.services[name]?.healthcheck?.test]).toEqual([name, expect.anything()]);
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
    expect(keycloak?.environment).toMatchObject({
      KC_DB: 'postgres',
      KC_BOOTSTRAP_ADMIN_PASSWORD: expect.stringMatching(/^\$\{KC_BOOTSTRAP_ADMIN_PASSWORD:\?/),
    });
    expect(keycloak?.depends_on?.['keycloak-db']?.condition).toBe('service_healthy');
  });
});

describe('deploy/keycloak/tax-portal-realm.json', () => {
  const realm = JSON.parse(read('deploy/keycloak/tax-portal-realm.json')) as {
    realm: string;
    clients: Array<{
      clientId: string;
      publicClient?: boolean;
      serviceAccountsEnabled?: boolean;
      redirectUris?: string[];
      attributes?: Record<string, string>;
      protocolMappers?: Array<{ config?: Record<string, string> }>;
    }>;
    users: Array<{
      username: string;
      enabled?: boolean;
      attributes?: Record<string, string[]>;
      serviceAccountClientId?: string;
      clientRoles?: Record<string, string[]>;
      credentials?: unknown[];
      requiredActions?: string[];
    }>;
    eventsEnabled?: boolean;
    enabledEventTypes?: string[];
    components: Record<string, Array<{ providerId: string; config: Record<string, string[]> }>>;
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

  it("declares in its user profile every attribute the user manager keeps (Keycloak drops undeclared ones), each mapped into the portal's tokens", () => {
    const profile = realm.components['org.keycloak.userprofile.UserProfileProvider']?.find((c) => c.providerId === 'declarative-user-profile');
    const declared = (JSON.parse(profile?.config['kc.user.profile.config']?.[0] ?? '{}') as { attributes: Array<{ name: string }> }).attributes.map(
      (a) => a.name,
    );
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

  it('holds the first users without any credential: a temporary password is set by the documented bootstrap', () => {
    expect(realm.users.map((u) => u.username)).toEqual(expect.arrayContaining(['admin', 'client1']));
    // The user manager's service account signs in with its client's secret (set at deployment), never a password.
    for (const user of realm.users.filter((u) => !u.serviceAccountClientId))
      expect([user.username, user.credentials, user.requiredActions]).toEqual([user.username, undefined, expect.arrayContaining(['UPDATE_PASSWORD'])]);
    expect(read('deploy/keycloak/tax-portal-realm.json')).not.toMatch(/"(password|secret|value|hashedSaltedValue)"\s*:/);
    expect(readme).toContain('kcadm.sh set-password');
  });
});

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
  // The manifests' specs are read as parsed YAML, walked freely by the assertions.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec?: Record<string, any>;
  data?: Record<string, string>;
  rules?: Array<{ apiGroups: string[]; resources: string[]; verbs: string[]; resourceNames?: string[] }>;
  roleRef?: { kind: string; name: string };
  subjects?: Array<{ kind: string; name: string }>;
}

describe('deploy/k8s', () => {
  const files = readdirSync(join(ROOT, 'deploy/k8s')).filter((f) => f.endsWith('.yaml'));
  const kustomization = parse(read('deploy/k8s/kustomization.yaml')) as { resources: string[] };
  const objects = files.filter((f) => f !== 'kustomization.yaml').flatMap((f) => parseAllDocuments(read(`deploy/k8s/${f}`)).map((d) => d.toJS() as K8sObject));
  const find = (kind: string, name: string) => {
    const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
    if (!found) throw new Error(`no ${kind} ${name} in deploy/k8s`);
    return found;
  };
  const podSpec = (name: string) =>
    find('Deployment', name).spec!.template.spec as {
      containers: Array<{
        image: string;
        env?: Array<{ name: string; value?: string }>;
        envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string; optional?: boolean } }>;
        readinessProbe?: { httpGet?: { path: string } };
        livenessProbe?: { httpGet?: { path: string } };
      }>;
      serviceAccountName?: string;
      volumes?: Array<{ persistentVolumeClaim?: { claimName: string } }>;
    };
  const envOf = (name: string) => Object.fromEntries((podSpec(name).containers[0]!.env ?? []).map((e) => [e.name, e.value]));

  it('parses, and the kustomization lists exactly the manifests there are', () => {
    expect(objects.length).toBeGreaterThan(8);
    expect([...kustomization.resources].sort()).toEqual(files.filter((f) => f !== 'kustomization.yaml').sort());
  });

  it('runs the image of the compose file, pinned by version, as a user without privileges', () => {
    for (const name of ['api', 'projector', 'ocr-worker']) {
      const spec = podSpec(name);
      expect([name, spec.containers[0]!.image]).toEqual([name, compose.services.api?.image]);
      expect(spec.containers[0]!.image).toMatch(PINNED);
      expect([name, (spec as { securityContext?: { runAsNonRoot?: boolean } }).securityContext?.runAsNonRoot]).toEqual([name, true]);
    }
  });

  it('runs several api replicas behind a socket.io-friendly Service and Ingress (sticky by client address and by cookie), checked by /health', () => {
    const api = find('Deployment', 'api');
    expect(api.spec!.replicas).toBeGreaterThanOrEqual(2);
    expect(envOf('api').PORTAL_ROLE).toBe('api');
    expect(podSpec('api').containers[0]!.readinessProbe?.httpGet?.path).toBe('/health');
    expect(podSpec('api').containers[0]!.livenessProbe?.httpGet?.path).toBe('/health');
    const service = find('Service', 'api');
    expect(service.spec).toMatchObject({ sessionAffinity: 'ClientIP', selector: api.spec!.selector.matchLabels });
    const ingress = find('Ingress', 'portal');
    expect(ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/affinity']).toBe('cookie');
    expect(Number(ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(3600);
    expect(JSON.stringify(ingress.spec)).toContain('"service":{"name":"api"');
  });

  it('runs one projector at a time: one replica, Recreate, and a Lease its service account may take', () => {
    const projector = find('Deployment', 'projector');
    expect(projector.spec).toMatchObject({ replicas: 1, strategy: { type: 'Recreate' } });
    const lease = envOf('projector').PORTAL_LEASE_NAME;
    expect(lease).toEqual(expect.any(String));
    const account = podSpec('projector').serviceAccountName!;
    find('ServiceAccount', account);
    const binding = objects.find((o) => o.kind === 'RoleBinding' && o.subjects?.some((s) => s.kind === 'ServiceAccount' && s.name === account))!;
    const role = find('Role', binding.roleRef!.name);
    const allowed = (verb: string) =>
      role.rules!.some(
        (r) =>
          r.apiGroups.includes('coordination.k8s.io') &&
          r.resources.includes('leases') &&
          r.verbs.includes(verb) &&
          (!r.resourceNames || r.resourceNames.includes(lease!)),
      );
    for (const verb of ['get', 'create', 'update']) expect([verb, allowed(verb)]).toEqual([verb, true]);
  });

  it('scales the ocr-worker with a HorizontalPodAutoscaler', () => {
    find('Deployment', 'ocr-worker');
    const hpa = find('HorizontalPodAutoscaler', 'ocr-worker');
    expect(hpa.spec).toMatchObject({ scaleTargetRef: { kind: 'Deployment', name: 'ocr-worker' }, minReplicas: 1 });
    expect(hpa.spec!.maxReplicas).toBeGreaterThan(1);
  });

  it('gives every app the shared file store and the config map, and sets only variables the README documents', () => {
    const claim = find('PersistentVolumeClaim', 'portal-data');
    expect(claim.spec!.accessModes).toEqual(['ReadWriteMany']);
    const config = find('ConfigMap', 'portal-config');
    for (const name of ['api', 'projector', 'ocr-worker']) {
      const spec = podSpec(name);
      expect([name, spec.volumes?.some((v) => v.persistentVolumeClaim?.claimName === 'portal-data')]).toEqual([name, true]);
      for (const from of spec.containers[0]!.envFrom ?? []) {
        if (from.configMapRef) find('ConfigMap', from.configMapRef.name);
        if (from.secretRef) expect(from.secretRef.optional).toBe(true);
      }
    }
    const variables = new Set([...Object.keys(config.data ?? {}), ...['api', 'projector', 'ocr-worker'].flatMap((n) => Object.keys(envOf(n)))]);
    expect([...variables].filter((v) => v !== 'NODE_ENV' && !readme.includes(`\`${v}\``))).toEqual([]);
    expect(readme).toContain('deploy/k8s');
  });
});
