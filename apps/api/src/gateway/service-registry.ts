import { BadRequest, Forbidden, NotAuthenticated, type User } from '@portal/contracts';
import { isStandardMethod, normalizeArguments } from './call-arguments';
import { permits, type CallContext, type ServiceDefinition } from './service-definition';

/** Who calls, as the transport established it (socket login or bearer token). */
export interface Caller {
  user: User;
  accessToken: string;
}

/**
 * The services of the portal, and the one way any transport calls them (socket gateway and REST):
 * offered?, signed in?, permitted by the method's declared codes?, then the positional arguments
 * checked and the query keys the runtime reads (commandId, revision) taken out. Each service's own
 * rules (client scope, inner codes) follow in the service.
 */
export class ServiceRegistry {
  private readonly services = new Map<string, ServiceDefinition>();

  register(...definitions: ServiceDefinition[]): void {
    for (const d of definitions) this.services.set(d.path, d);
  }

  get(path: string): ServiceDefinition | undefined {
    return this.services.get(path);
  }

  all(): IterableIterator<ServiceDefinition> {
    return this.services.values();
  }

  /** `args` as the socket protocol orders them: find(query) get(id, query) create(data, query) update/patch(id, data, query) remove(id, query). */
  async call(caller: Caller | null, method: string, path: string, args: unknown[]): Promise<unknown> {
    const service = this.services.get(path);
    if (!service) throw BadRequest(`Service '${path}' not found`);
    if (!isStandardMethod(method)) throw BadRequest(`Method '${method}' is not supported by service '${path}'`);
    const definition = service.methods[method];
    if (!definition) throw BadRequest(`Method '${method}' is not supported by service '${path}'`);
    if (!caller) throw NotAuthenticated('Not authenticated');
    if (!permits(caller.user, definition)) throw Forbidden(`You do not have the permission to ${method} ${path}.`);
    const call = normalizeArguments(method, args);
    const { commandId, revision, ...query } = call.query;
    const context: CallContext = { user: caller.user, accessToken: caller.accessToken };
    if (commandId !== undefined) {
      if (typeof commandId !== 'string' || commandId.length < 1 || commandId.length > 100)
        throw BadRequest('commandId must be a string of 1 to 100 characters.');
      context.commandId = commandId;
    }
    if (revision !== undefined) {
      const n = typeof revision === 'string' ? Number(revision) : revision;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < -1) throw BadRequest('revision must be a whole number.');
      context.revision = n;
    }
    return definition.run(context, { ...call, query });
  }
}
