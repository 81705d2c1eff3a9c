import { FailureThrottle } from './failure-throttle';

describe('the brake on failed attempts at an entry point without login', () => {
  const clock = { t: 0 };
  const throttle = () => new FailureThrottle({ limit: 3, windowMs: 60_000, now: () => clock.t });
  beforeEach(() => (clock.t = 1_000_000));

  it('lets a handful of failures through, then refuses the source until the window ends', () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) {
      expect(t.blockedFor('10.0.0.1', `scanner-${i}`)).toBeNull();
      t.failed('10.0.0.1', `scanner-${i}`);
    }
    expect(t.blockedFor('10.0.0.1', 'scanner-9')).toBe(60);
    clock.t += 59_000;
    expect(t.blockedFor('10.0.0.1', 'scanner-9')).toBe(1);
    clock.t += 1_000;
    expect(t.blockedFor('10.0.0.1', 'scanner-9')).toBeNull();
  });

  it('refuses every source for a target that failed too often, whatever the source', () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) t.failed(`10.0.0.${i}`, 'empfang');
    expect(t.blockedFor('10.9.9.9', 'empfang')).toBe(60);
    expect(t.blockedFor('10.9.9.9', 'buchhaltung')).toBeNull();
  });
});
