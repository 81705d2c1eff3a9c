import { RESPONSIBILITIES } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';

export interface ResponsibleNames {
  /** The responsible person's user id and name. */
  id: string;
  responsible: string;
  deputies: string[];
}

/**
 * Who looks after each of these clients, by name (one query): what other screens show beside a client
 * (the overview, FON monitoring). Clients without an assignment are missing from the map.
 */
export async function responsibleNamesOf(store: ReadStore, clientNos: readonly number[]): Promise<Map<number, ResponsibleNames>> {
  if (clientNos.length === 0) return new Map();
  const found = await store.find(RESPONSIBILITIES, { where: { client_no: { $in: [...clientNos] } }, sort: [], skip: 0, limit: clientNos.length });
  return new Map(
    found.data.map((r) => [
      r.client_no as number,
      {
        id: String(r.responsible_id ?? ''),
        responsible: String(r.responsible_name ?? ''),
        deputies: ((r.deputies as Array<{ name: string }> | undefined) ?? []).map((d) => d.name),
      },
    ]),
  );
}
