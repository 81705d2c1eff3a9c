/** Spec 3 / 9: the access token lives in local storage under `feathers-jwt`, in memory when storage is unavailable. */
export const TOKEN_STORAGE_KEY = 'feathers-jwt';

export interface TokenStorage {
  get(): string | null;
  set(token: string): void;
  remove(): void;
}

export class MemoryTokenStorage implements TokenStorage {
  private token: string | null = null;
  get(): string | null {
    return this.token;
  }
  set(token: string): void {
    this.token = token;
  }
  remove(): void {
    this.token = null;
  }
}

/** Local storage with an in-memory fallback (private mode, disabled storage). */
export class BrowserTokenStorage implements TokenStorage {
  private memory = new MemoryTokenStorage();
  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null,
    private readonly key = TOKEN_STORAGE_KEY,
  ) {}
  get(): string | null {
    try {
      if (this.storage) return this.storage.getItem(this.key);
    } catch {
      /* fall back */
    }
    return this.memory.get();
  }
  set(token: string): void {
    try {
      if (this.storage) return this.storage.setItem(this.key, token);
    } catch {
      /* fall back */
    }
    this.memory.set(token);
  }
  remove(): void {
    try {
      this.storage?.removeItem(this.key);
    } catch {
      /* ignore */
    }
    this.memory.remove();
  }
}

/**
 * The official authentication client's storage (`getItem`/`setItem`/`removeItem` by key) over a token
 * storage: the client keeps its token under `feathers-jwt`, where the page-load start reads it.
 */
export function feathersStorage(tokens: TokenStorage, key = TOKEN_STORAGE_KEY) {
  return {
    getItem: (k: string): string | null => (k === key ? tokens.get() : null),
    setItem: (k: string, value: string): void => {
      if (k === key) tokens.set(value);
    },
    removeItem: (k: string): void => {
      if (k === key) tokens.remove();
    },
  };
}
