import { mayAccessClient, NotFound, type User } from '@portal/contracts';
import { COMPANIES } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';

/** NotFound unless the client company exists and the user may see it. */
export async function accountingClientExists(store: ReadStore, user: User, clientNo: number): Promise<void> {
  const company = await store.get(COMPANIES, clientNo);
  if (!company || !mayAccessClient(user, clientNo)) throw NotFound(`No record found for id '${clientNo}'`);
}
