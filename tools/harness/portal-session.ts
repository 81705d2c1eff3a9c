import { textPdf } from '@portal/document-files';
import { connectFeathers, type FeathersPeer } from './clients';
import { PORTAL_START_MS, startPortalProcess, type PortalProcess } from './portal-process';

export interface UploadReply {
  status: number;
  body: { files?: Array<{ ok: boolean; documentId?: number; error?: { name: string; message: string } }>; name?: string; message?: string };
}

/**
 * One built portal per spec file (started in beforeAll, stopped in afterAll), with what integration
 * specs keep needing: tokens of demo users, signed-in Feathers peers, uploads and polling.
 */
export class PortalSession {
  private portalProcess: PortalProcess | null = null;
  private readonly peers: FeathersPeer[] = [];
  private readonly tokens = new Map<string, Promise<string>>();

  /** Registers beforeAll/afterAll in the calling spec. */
  static start(env: NodeJS.ProcessEnv = { PORTAL_SEED_DOCUMENTS: '0' }): PortalSession {
    const session = new PortalSession();
    beforeAll(async () => {
      session.portalProcess = await startPortalProcess({ env });
    }, PORTAL_START_MS);
    afterAll(async () => {
      for (const peer of session.peers) peer.close();
      await session.portalProcess?.stop();
    });
    return session;
  }

  get portal(): PortalProcess {
    if (!this.portalProcess) throw new Error('the portal is not started yet');
    return this.portalProcess;
  }

  get url(): string {
    return this.portal.url;
  }

  token(username: string): Promise<string> {
    let token = this.tokens.get(username);
    if (!token) this.tokens.set(username, (token = this.portal.token(username)));
    return token;
  }

  /** A peer that is closed with the session. */
  connect(): FeathersPeer {
    const peer = connectFeathers(this.url);
    this.peers.push(peer);
    return peer;
  }

  async signedIn(username: string): Promise<FeathersPeer> {
    // The token first: a connection that waits for it longer than PORTAL_UNAUTHENTICATED_SOCKET_MS is closed by the server.
    const accessToken = await this.token(username);
    const peer = this.connect();
    await peer.app.authenticate({ strategy: 'jwt', accessToken });
    return peer;
  }

  async upload(username: string, client: number, files: Array<{ name: string; bytes: Buffer }>, category = 'ER_U', extraQuery = ''): Promise<UploadReply> {
    const form = new FormData();
    for (const f of files) form.append('files', new Blob([new Uint8Array(f.bytes)]), f.name);
    const res = await fetch(`${this.url}/api/documents/upload?client=${client}&category=${category}${extraQuery}`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${await this.token(username)}` },
    });
    return { status: res.status, body: (await res.json()) as UploadReply['body'] };
  }
}

/** A one-page PDF with these lines in its text layer. */
export const invoicePdf = textPdf;

/** Polls until `probe` answers something other than undefined. */
export async function eventually<T>(probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  for (const deadline = Date.now() + ms; ; await new Promise((r) => setTimeout(r, 200))) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
  }
}
