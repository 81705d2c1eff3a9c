import { LeaveGuard } from './LeaveGuard';

function guarded(dirty: boolean, saves = true) {
  const guard = new LeaveGuard();
  const calls: string[] = [];
  let isDirty = dirty;
  guard.protect({
    dirty: () => isDirty,
    save: async () => {
      calls.push('save');
      if (saves) isDirty = false;
      return saves;
    },
    discard: () => {
      calls.push('discard');
      isDirty = false;
    },
  });
  const proceed = () => calls.push('left');
  return { guard, calls, proceed };
}

describe('LeaveGuard', () => {
  it('leaves at once without unsaved changes', () => {
    const { guard, calls, proceed } = guarded(false);
    guard.attempt(proceed);
    expect(calls).toEqual(['left']);
    expect(guard.blocksUnload).toBe(false);
  });

  it('asks before leaving unsaved changes and stays when told to', async () => {
    const { guard, calls, proceed } = guarded(true);
    guard.attempt(proceed);
    expect(guard.pending).not.toBeNull();
    expect(guard.blocksUnload).toBe(true);
    await guard.choose('stay');
    expect(calls).toEqual([]);
    expect(guard.pending).toBeNull();
  });

  it('discards or saves before leaving', async () => {
    const a = guarded(true);
    a.guard.attempt(a.proceed);
    await a.guard.choose('discard');
    expect(a.calls).toEqual(['discard', 'left']);
    const b = guarded(true);
    b.guard.attempt(b.proceed);
    await b.guard.choose('save');
    expect(b.calls).toEqual(['save', 'left']);
  });

  it('stays when saving fails', async () => {
    const { guard, calls, proceed } = guarded(true, false);
    guard.attempt(proceed);
    await guard.choose('save');
    expect(calls).toEqual(['save']);
  });

  it('stops guarding once the form unregisters', () => {
    const guard = new LeaveGuard();
    const off = guard.protect({ dirty: () => true, save: async () => true, discard: () => undefined });
    off();
    let left = false;
    guard.attempt(() => (left = true));
    expect(left).toBe(true);
  });
});
