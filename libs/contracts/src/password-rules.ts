/**
 * The password rule of the portal, shared by the server (which refuses) and the web client (which
 * shows it as the user types): at least 10 characters, not the username, not one repeated pattern.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export type PasswordProblem = 'tooShort' | 'tooLong' | 'containsUsername' | 'tooSimple';

export const PASSWORD_PROBLEM_TEXTS: Record<PasswordProblem, string> = {
  tooShort: `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`,
  containsUsername: 'The password must not contain the username.',
  tooSimple: 'The password must use at least 5 different characters.',
};

export function passwordProblems(password: string, username = ''): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push('tooShort');
  if (password.length > PASSWORD_MAX_LENGTH) problems.push('tooLong');
  const name = username.trim().toLowerCase();
  if (name.length >= 3 && password.toLowerCase().includes(name)) problems.push('containsUsername');
  if (new Set(password).size < 5) problems.push('tooSimple');
  return problems;
}
