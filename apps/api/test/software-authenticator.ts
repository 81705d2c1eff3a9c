import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');
const FLAG_USER_PRESENT = 0x01;
const FLAG_ATTESTED = 0x40;

/**
 * A security key in software for specs (the e2e uses Chromium's virtual authenticator): one ES256
 * credential, attestation "none", a signature counter that counts up. It answers exactly what a browser
 * hands to the server after navigator.credentials.create/get.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;

  constructor(private readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  register(options: PublicKeyCredentialCreationOptionsJSON, origin = this.origin): RegistrationResponseJSON {
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(this.publicJwk.x)],
      [-3, isoBase64URL.toBuffer(this.publicJwk.y)],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.head(options.rp.id ?? '', FLAG_USER_PRESENT | FLAG_ATTESTED),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestation = new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', new Uint8Array(authData)],
    ]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false })),
        attestationObject: b64url(isoCBOR.encode(attestation as Parameters<typeof isoCBOR.encode>[0])),
        transports: ['usb'],
      },
      clientExtensionResults: {},
    };
  }

  answer(options: PublicKeyCredentialRequestOptionsJSON, origin = this.origin): AuthenticationResponseJSON {
    const authData = this.head(options.rpId ?? '', FLAG_USER_PRESENT);
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false });
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature) },
      clientExtensionResults: {},
    };
  }

  /** rpIdHash, flags and the next signature count. */
  private head(rpId: string, flags: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(++this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
  }
}
