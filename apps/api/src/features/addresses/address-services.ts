import type { EventStore } from '@portal/event-store';
import type { ReadStore } from '@portal/read-store';
import type { ServiceDefinition } from '../../gateway/service-definition';
import type { CommandSender } from '../../platform/domain-command';
import { addressHistoryService } from './address-history.service';
import { addressesService } from './addresses.service';
import { AddressDatabaseRegister } from './company-register';
import { companyRegisterService } from './company-register.service';
import { viesFromEnv } from './vies/soap-vies.adapter';
import type { ViesPort } from './vies/vies.port';

/** The address administration's services: addresses, their history and the company register search. */
export function addressServices(deps: {
  reads: ReadStore;
  events: EventStore;
  sender: CommandSender;
  vies?: ViesPort;
  env?: NodeJS.ProcessEnv;
}): ServiceDefinition[] {
  const vies = deps.vies ?? viesFromEnv(deps.env ?? process.env);
  return [
    addressesService(deps.reads, deps.sender, vies),
    addressHistoryService(deps.events, deps.reads),
    companyRegisterService(new AddressDatabaseRegister(deps.reads)),
  ];
}
