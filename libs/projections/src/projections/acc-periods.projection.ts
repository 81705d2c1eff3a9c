import type { AccountingPeriod } from '@portal/contracts';
import type { CompanyEvent } from '@portal/domain';
import { domainEventOf } from '@portal/domain';
import { collectionSpecs, ACC_PERIODS, putBuilt } from '@portal/read-models';
import type { Projection } from '../runtime/projection';

export const accPeriodsProjection: Projection = {
  name: 'acc-periods',
  version: 1,
  collections: collectionSpecs(ACC_PERIODS),
  handles: ['AccountingPeriodOpened', 'CurrentAccountingPeriodSet'],
  async project(recorded, view) {
    const event = domainEventOf<CompanyEvent>(recorded);
    const clientNo = recorded.metadata.clientNo;
    if (clientNo === null) return [];
    if (event.type === 'AccountingPeriodOpened') {
      const period: AccountingPeriod = {
        id: `${clientNo}-${event.data.accounting}`,
        client_no: clientNo,
        accounting: event.data.accounting,
        start: event.data.start,
        end: event.data.end,
        current: false,
      };
      return [putBuilt(ACC_PERIODS, period)];
    }
    if (event.type !== 'CurrentAccountingPeriodSet') return [];
    const periods = await view.findWhere(ACC_PERIODS, { client_no: clientNo });
    return periods
      .filter((p) => p.current !== (p.accounting === event.data.accounting))
      .map((p) => putBuilt(ACC_PERIODS, { ...p, current: p.accounting === event.data.accounting }));
  },
};
