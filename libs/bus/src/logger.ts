/** The little the adapters need from a logger; pass the app's logger (Nest's Logger fits). */
export interface Logger {
  warn(message: string, ...context: unknown[]): void;
  error(message: string, ...context: unknown[]): void;
}
