import type { Database, Statement } from 'better-sqlite3';

/** Prepared statements by SQL text; queries of the same shape reuse one statement. */
export class StatementCache {
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: Database,
    private readonly capacity = 500,
  ) {}

  get(sql: string): Statement {
    const cached = this.statements.get(sql);
    if (cached) {
      // Re-insert to keep the map in least-recently-used order.
      this.statements.delete(sql);
      this.statements.set(sql, cached);
      return cached;
    }
    const statement = this.db.prepare(sql);
    this.statements.set(sql, statement);
    if (this.statements.size > this.capacity) {
      const oldest = this.statements.keys().next().value;
      if (oldest !== undefined) this.statements.delete(oldest);
    }
    return statement;
  }
}
