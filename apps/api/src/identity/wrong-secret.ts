import { Unprocessable } from '@portal/contracts';

/** A wrong password or code: callers count it against the login throttle (`data.wrongSecret`). */
export const wrongSecret = (message: string) => Unprocessable(message, { wrongSecret: true });

/** Whether an error is a wrong password or code (as opposed to a rule a new password breaks). */
export const isWrongSecret = (error: unknown): boolean => (error as { data?: { wrongSecret?: unknown } } | null)?.data?.wrongSecret === true;
