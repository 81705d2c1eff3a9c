import { RefusalDigest } from './refusal-digest';

describe('the digest of refusals nobody has to sign in to cause', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('records the first refusal of a window at once and the rest as one summary when the window ends', async () => {
    const recorded: string[] = [];
    const digest = new RefusalDigest(
      async (scanner, channel, reason) => void recorded.push(`${scanner} ${channel} ${reason}`),
      60_000,
      () => undefined,
    );
    for (let i = 0; i < 1000; i++) await digest.refuse('empfang', 'http', 'wrong secret', null);
    await digest.refuse('buchhaltung', 'http', 'wrong secret', null);
    expect(recorded).toEqual(['empfang http wrong secret', 'buchhaltung http wrong secret']);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(recorded).toEqual(['empfang http wrong secret', 'buchhaltung http wrong secret', 'empfang http wrong secret (and 999 more within 60 s)']);
    await digest.refuse('empfang', 'http', 'wrong secret', null);
    expect(recorded).toHaveLength(4);
  });

  it('records the open summaries on shutdown', async () => {
    const recorded: string[] = [];
    const digest = new RefusalDigest(
      async (_s, _c, reason) => void recorded.push(reason),
      60_000,
      () => undefined,
    );
    await digest.refuse('empfang', 'email', 'wrong secret', null);
    await digest.refuse('empfang', 'email', 'wrong secret', null);
    await digest.flush();
    expect(recorded).toEqual(['wrong secret', 'wrong secret (and 1 more within 60 s)']);
  });
});
