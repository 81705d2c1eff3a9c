import type { Permission, StandardMethod, User } from '@portal/contracts';
import type { Collection, Doc, Keyed } from '@portal/read-store';

/** Who is calling, as the gateway established it. */
export interface CallContext {
  user: User;
  accessToken: string;
  /** The keys of the query the service reads itself (commandId, revision). */
  commandId?: string;
  revision?: number;
}

/** Arguments of a call after the gateway checked their shapes. */
export interface CallArgs {
  id: string | number | null;
  data: Record<string, unknown> | null;
  query: Record<string, unknown>;
}

/**
 * Authorization declared next to each method: `null` means any signed-in user; otherwise the user
 * needs at least one of the permission codes.
 */
export interface MethodDefinition {
  anyOf: Permission[] | null;
  run(context: CallContext, args: CallArgs): Promise<unknown>;
}

/** Who may receive a pushed change of a record: the service's read rule plus the record's client. */
export interface Mirror {
  collection: string;
  /** The client company a record belongs to; null for records every reader may see. */
  clientOf(doc: Doc): number | null;
  /** What leaves the server; defaults to the record itself. */
  present?(doc: Doc): unknown;
  /** What one user receives, when it depends on the user's permissions (after `present`). */
  presentFor?(user: User, presented: unknown): unknown;
  /**
   * Which users `presentFor` treats alike (e.g. whether they may see payroll): users of one audience receive the
   * same presentation, made once per pushed change. Without it a change is presented per connection.
   */
  audienceOf?(user: User): string;
  /** A further per-record rule besides the client and the read permission. */
  visibleTo?(user: User, doc: Doc): boolean;
}

/** A mirror written against the records of one collection: the changes it receives are records of that collection. */
export function mirrorOf<Row extends Keyed>(
  collection: Collection<Row>,
  rules: {
    clientOf(doc: NoInfer<Row>): number | null;
    present?(doc: NoInfer<Row>): unknown;
    presentFor?: Mirror['presentFor'];
    visibleTo?(user: User, doc: NoInfer<Row>): boolean;
  },
): Mirror {
  const { clientOf, present, presentFor, visibleTo } = rules;
  return {
    collection,
    clientOf: (doc) => clientOf(doc as Row),
    ...(present ? { present: (doc: Doc) => present(doc as Row) } : {}),
    ...(presentFor ? { presentFor } : {}),
    ...(visibleTo ? { visibleTo: (user: User, doc: Doc) => visibleTo(user, doc as Row) } : {}),
  };
}

export interface ServiceDefinition {
  path: string;
  methods: Partial<Record<StandardMethod, MethodDefinition>>;
  mirror?: Mirror;
}

export function permits(user: User, method: MethodDefinition): boolean {
  return method.anyOf === null || method.anyOf.some((p) => user.permissions_array.includes(p));
}
