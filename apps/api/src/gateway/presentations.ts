import type { User } from '@portal/contracts';
import type { Mirror } from './service-definition';

/**
 * What each connection receives of one pushed change, made once per audience (`Mirror.audienceOf`) instead of once
 * per connection: the users of one audience get the same object, so PushGroups sends them one broadcast without
 * serialising the payload per connection to compare it (2,000 admin sockets: one presentation, not 2,000 objects
 * and 2,000 JSON strings). A mirror without `audienceOf` presents per user as before.
 */
export class Presentations {
  private readonly made = new Map<unknown, Map<string, unknown>>();

  constructor(private readonly mirror: Pick<Mirror, 'presentFor' | 'audienceOf'>) {}

  /** `shown` (the record as presented to everybody) as this user receives it. */
  for(user: User, shown: unknown): unknown {
    const { presentFor, audienceOf } = this.mirror;
    if (!presentFor) return shown;
    if (!audienceOf) return presentFor(user, shown);
    const audience = audienceOf(user);
    let byAudience = this.made.get(shown);
    if (!byAudience) this.made.set(shown, (byAudience = new Map()));
    if (!byAudience.has(audience)) byAudience.set(audience, presentFor(user, shown));
    return byAudience.get(audience);
  }
}
