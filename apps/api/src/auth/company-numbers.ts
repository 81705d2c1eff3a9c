/**
 * Every company number, for the logins of all-clients users: loaded once and shared by all their
 * connections (one array, not one per connection), loaded again after a company is registered.
 */
export class CompanyNumbers {
  private cached: Promise<readonly number[]> | null = null;

  constructor(private readonly load: () => Promise<number[]>) {}

  get(): Promise<readonly number[]> {
    this.cached ??= this.load().then((numbers) => Object.freeze(numbers));
    return this.cached;
  }

  invalidate(): void {
    this.cached = null;
  }
}
