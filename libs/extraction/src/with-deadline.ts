export class DeadlineExceeded extends Error {
  constructor() {
    super('deadline exceeded');
  }
}

/** Resolves like `work`, or rejects with DeadlineExceeded when `deadline` (epoch ms) passes first. */
export function withDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new DeadlineExceeded()), Math.max(0, deadline - Date.now()));
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
