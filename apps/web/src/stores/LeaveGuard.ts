import { makeAutoObservable, runInAction } from 'mobx';

/** A screen with a form registers what leaving it would lose. */
export interface LeaveProtection {
  dirty: () => boolean;
  /** Saves; resolves false when saving failed (the user stays). */
  save: () => Promise<boolean>;
  discard: () => void;
}

export type LeaveChoice = 'save' | 'discard' | 'stay';

/**
 * Unsaved edits are never lost silently. Navigation inside the portal goes through `attempt`:
 * with unsaved changes it waits for the user's choice (save / discard / stay) before it proceeds. Closing
 * or reloading the tab is guarded by the browser's own prompt (`blocksUnload`).
 */
export class LeaveGuard {
  private protection: LeaveProtection | null = null;
  pending: (() => void) | null = null;
  saving = false;

  constructor() {
    makeAutoObservable<LeaveGuard, 'protection'>(this, { protection: false }, { autoBind: true });
  }

  /** Registers the open form; returns the unregister function (use it as an effect's cleanup). */
  protect(protection: LeaveProtection): () => void {
    this.protection = protection;
    return () => {
      if (this.protection === protection) this.protection = null;
    };
  }

  get blocksUnload(): boolean {
    return this.protection?.dirty() ?? false;
  }

  /** Runs `proceed` now, or after the user chose save or discard. */
  attempt(proceed: () => void): void {
    if (this.protection?.dirty()) this.pending = proceed;
    else proceed();
  }

  async choose(choice: LeaveChoice): Promise<void> {
    const proceed = this.pending;
    const protection = this.protection;
    if (!proceed) return;
    if (choice === 'stay' || !protection) {
      this.pending = null;
      return;
    }
    if (choice === 'discard') {
      protection.discard();
      this.pending = null;
      proceed();
      return;
    }
    this.saving = true;
    const saved = await protection.save().catch(() => false);
    runInAction(() => {
      this.saving = false;
      this.pending = null;
    });
    if (saved) proceed();
  }
}
