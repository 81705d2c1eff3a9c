import { makeAutoObservable } from 'mobx';
import { firstPaint } from './first-paint';

class Session {
  isAuthenticated = false;
  constructor() {
    makeAutoObservable(this);
  }
  signIn() {
    this.isAuthenticated = true;
  }
}

const never = new Promise<void>(() => undefined);
const pending = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return !done;
};

describe('the first paint', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits until the user is signed in (their language is applied in that step)', async () => {
    const session = new Session();
    const paint = firstPaint(session, never);
    expect(await pending(paint)).toBe(true);
    session.signIn();
    await expect(paint).resolves.toBeUndefined();
  });

  it('paints when the session start ends without a user (the login page opens, the logout page, a failure)', async () => {
    await expect(firstPaint(new Session(), Promise.resolve('login'))).resolves.toBeUndefined();
    await expect(firstPaint(new Session(), Promise.reject(new Error('offline')))).resolves.toBeUndefined();
  });

  it('paints anyway after the longest wait, so a silent server never leaves the page blank', async () => {
    const paint = firstPaint(new Session(), never, 6000);
    jest.advanceTimersByTime(5999);
    expect(await pending(paint)).toBe(true);
    jest.advanceTimersByTime(1);
    await expect(paint).resolves.toBeUndefined();
  });
});
