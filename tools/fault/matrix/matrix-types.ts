import type { Socket } from 'socket.io-client';
import type { Permission } from '@portal/contracts';

/**
 * One row of the authorization matrix: the permission codes a service method declares (`gate`; null =
 * any signed-in user; 'none' = the method is not offered), whether the record belongs to a client
 * company (`scope`), and any further code the method checks after loading the record (`inner`).
 */
export type Gate = readonly Permission[] | null | 'none';
export type Scope = 'firm' | 'client' | 'client-list' | 'self' | 'other-user';
export interface Row {
  service: string;
  method: 'find' | 'get' | 'create' | 'update' | 'patch' | 'remove';
  gate: Gate;
  scope?: Scope;
  inner?: readonly Permission[];
  /** What the call sends; `t` is the target (company number, or the user id for self/other-user). */
  call?: (t: Target) => unknown[];
  /** A REST route instead of a service method: requested with the user's bearer token (`service` names it). */
  http?: (t: Target) => HttpCall;
  /** Codes without which the record does not exist for the user: 404, not 403 (dpv for payroll documents). */
  hiddenWithout?: readonly Permission[];
  note?: string;
}
export interface HttpCall {
  method: 'GET' | 'POST';
  path: string;
  body?: () => FormData;
}
export interface Target {
  client: number;
  userId: string;
  year: number;
  /** A year no other call of the run opens for this company (1990-2100). */
  periodYear: number;
  documentId?: number;
  documentTitle?: string;
}

export const none = (service: string, ...methods: Row['method'][]): Row[] => methods.map((method) => ({ service, method, gate: 'none' }));

/** The portal under test for `prepare` steps that go over HTTP (uploads): its URL and the admin's token. */
export interface PortalAccess {
  url: string;
  adminToken: string;
}

/**
 * The rows of one feature's services. `prepare` runs once as admin before the rows (e.g. creates one record
 * per company and remembers its id for the rows' `call`); `companies` are the demo company numbers.
 */
export interface MatrixFeature {
  name: string;
  rows: Row[];
  prepare?(admin: Socket, companies: readonly number[], portal: PortalAccess): Promise<void>;
}
