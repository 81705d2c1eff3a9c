import type { User } from '@portal/contracts';
import { SqliteReadStore } from '@portal/read-store';
import { user } from '../../test/document-history';
import { accountingClientService } from '../features/companies/accounting-client.service';
import type { CommandSender } from '../platform/domain-command';
import { Presentations } from './presentations';
import { PushGroups } from './push-groups';

const payrollViewers = Array.from({ length: 50 }, (_, i) => user(`u-admin-${i}`, ['adm', 'dpv'], [1]));
const others = Array.from({ length: 50 }, (_, i) => user(`u-clerk-${i}`, ['adm'], [1]));

describe('Presentations', () => {
  it('presents a pushed change once per audience, however many connections receive it', () => {
    const presentFor = jest.fn((viewer: User, shown: unknown) => ({ ...(shown as object), forPayroll: viewer.permissions_array.includes('dpv') }));
    const presentations = new Presentations({ presentFor, audienceOf: (viewer) => (viewer.permissions_array.includes('dpv') ? 'payroll' : 'no-payroll') });
    const record = { id: 1 };
    const given = [...payrollViewers, ...others].map((viewer) => presentations.for(viewer, record));
    expect(presentFor).toHaveBeenCalledTimes(2);
    expect(new Set(given).size).toBe(2);
    expect(given[0]).toEqual({ id: 1, forPayroll: true });
    expect(given[50]).toEqual({ id: 1, forPayroll: false });
  });

  it('presents per user when the mirror names no audience, and passes the record through without presentFor', () => {
    const presentFor = jest.fn((_viewer: User, shown: unknown) => ({ ...(shown as object) }));
    const record = { id: 1 };
    for (const viewer of others) new Presentations({ presentFor }).for(viewer, record);
    expect(presentFor).toHaveBeenCalledTimes(others.length);
    expect(new Presentations({}).for(others[0]!, record)).toBe(record);
  });

  it('lets a renamed company go to 100 connections of two audiences as two broadcasts, serialising nothing to compare', () => {
    const service = accountingClientService(new SqliteReadStore(':memory:'), {} as CommandSender);
    const presentations = new Presentations(service.mirror!);
    const company = {
      id: 1,
      company_no: 1,
      company_name: 'A GmbH',
      notifications: { invoices: 1, documents: 2 },
      payroll_notifications: { invoices: 3, documents: 4 },
    };
    const groups = new PushGroups();
    const stringify = jest.spyOn(JSON, 'stringify');
    [...payrollViewers, ...others].forEach((viewer, i) => groups.add(`s${i}`, 'accounting-client patched', presentations.for(viewer, company)));
    const stringified = stringify.mock.calls.length;
    stringify.mockRestore();
    const sent: Array<{ ids: string[]; payload: unknown }> = [];
    groups.send({ to: (ids: string[]) => ({ emit: (_event: string, payload: unknown) => sent.push({ ids, payload }) }) } as never);
    expect(stringified).toBe(2);
    expect(sent.map((s) => [s.ids.length, s.payload])).toEqual([
      [50, { id: 1, company_no: 1, company_name: 'A GmbH', notifications: { invoices: 4, documents: 6 } }],
      [50, { id: 1, company_no: 1, company_name: 'A GmbH', notifications: { invoices: 1, documents: 2 } }],
    ]);
  });
});
