import { SandboxBank, SANDBOX_INSTITUTION, SANDBOX_LOAN_INSTITUTION } from './sandbox-bank';

const at = (iso: string) => () => new Date(iso);

describe('the sandbox bank', () => {
  it('gives every client the same accounts and, on a seeded clock, the same transactions every time', async () => {
    const a = new SandboxBank(at('2026-04-15T10:00:00Z'));
    const b = new SandboxBank(at('2026-04-15T10:00:00Z'));
    const [checking] = await a.consentedAccounts(null, 1001, SANDBOX_INSTITUTION.id);
    expect(await b.consentedAccounts(null, 1001, SANDBOX_INSTITUTION.id)).toEqual(await a.consentedAccounts(null, 1001, SANDBOX_INSTITUTION.id));
    const first = await a.transactions(checking!, '2026-01-01', '2026-04-15');
    expect(await b.transactions(checking!, '2026-01-01', '2026-04-15')).toEqual(first);
    expect(first.booked.length).toBeGreaterThan(50);
    // Other clients have other accounts and other transactions.
    const [other] = await a.consentedAccounts(null, 1002, SANDBOX_INSTITUTION.id);
    expect(other!.iban).not.toBe(checking!.iban);
    expect((await a.transactions(other!, '2026-01-01', '2026-04-15')).booked.map((e) => e.key)).not.toEqual(first.booked.map((e) => e.key));
  });

  it('reads overlapping windows with the same keys and a closing balance that follows from the entries', async () => {
    const bank = new SandboxBank(at('2026-04-15T10:00:00Z'));
    const [checking] = await bank.consentedAccounts(null, 1001, SANDBOX_INSTITUTION.id);
    const march = await bank.transactions(checking!, '2026-03-01', '2026-03-31');
    const spring = await bank.transactions(checking!, '2026-02-01', '2026-04-15');
    const inMarch = spring.booked.filter((e) => e.bookingDate.startsWith('2026-03'));
    expect(inMarch).toEqual(march.booked);
    const april = spring.booked.filter((e) => e.bookingDate >= '2026-04-01');
    expect(spring.closing!.amountCents - april.reduce((s, e) => s + e.amountCents, 0)).toBe(march.closing!.amountCents);
    expect(spring.closing!.date).toBe('2026-04-14');
  });

  it("books nothing on weekends, the loan rate early in the month, and today's card payment as pending", async () => {
    const bank = new SandboxBank(at('2026-04-15T10:00:00Z'));
    const [checking] = await bank.consentedAccounts(null, 1001, SANDBOX_INSTITUTION.id);
    const read = await bank.transactions(checking!, '2026-01-01', '2026-04-15');
    expect(read.booked.every((e) => ![0, 6].includes(new Date(`${e.bookingDate}T00:00:00Z`).getUTCDay()))).toBe(true);
    expect(read.pending).toEqual([expect.objectContaining({ status: 'pending', bookingDate: '2026-04-15' })]);
    const [loan] = await bank.consentedAccounts(null, 1001, SANDBOX_LOAN_INSTITUTION.id);
    const rates = (await bank.transactions(loan!, '2026-01-01', '2026-04-15')).booked;
    expect(rates.map((e) => e.bookingDate.slice(0, 7))).toEqual(['2026-01', '2026-02', '2026-03', '2026-04']);
    expect(rates.every((e) => e.amountCents === 125_000)).toBe(true);
  });
});
