import { SqliteEventStore } from '@portal/event-store';
import { companyDecider } from '@portal/domain';
import { CommandRuntime } from './command-runtime';
import { stepContext, subCommandId } from './sub-command';

describe('sub-commands', () => {
  it('derive each step key from the call key, and none without one', () => {
    expect(subCommandId('call-1', 'period')).toBe('call-1:period');
    expect(subCommandId('call-1', 2)).toBe('call-1:2');
    expect(subCommandId(undefined, 'period')).toBeUndefined();
  });

  it('give a step its own key and drop the revision the caller saw, unless the step names one', () => {
    const context = { userId: 'u1', clientNo: 1001, commandId: 'call-1', correlationId: 'corr', expectedRevision: 4 };
    expect(stepContext(context, 'locale')).toEqual({ userId: 'u1', clientNo: 1001, commandId: 'call-1:locale', correlationId: 'corr' });
    expect(stepContext(context, 'change', 7)).toEqual({ userId: 'u1', clientNo: 1001, commandId: 'call-1:change', correlationId: 'corr', expectedRevision: 7 });
    expect(stepContext({ userId: 'u1', clientNo: null, expectedRevision: 4 }, 1)).toEqual({ userId: 'u1', clientNo: null });
  });

  it('apply each step of a retried call once', async () => {
    const events = new SqliteEventStore(':memory:');
    const runtime = new CommandRuntime(events);
    const call = { userId: 'u1', clientNo: 1001, commandId: 'call-1', expectedRevision: -1 };
    const steps = async () => {
      await runtime.execute(
        companyDecider,
        'company-1001',
        { type: 'RegisterCompany', company_no: 1001, company_name: 'Alpenblick GmbH', company_place: 'Innsbruck' },
        call,
      );
      await runtime.execute(companyDecider, 'company-1001', { type: 'RenameCompany', company_place: 'Hall' }, stepContext(call, 'rename'));
    };
    await steps();
    await steps();
    expect((await events.readStream('company-1001')).map((e) => e.metadata.commandId)).toEqual(['call-1', 'call-1:rename']);
  });
});
