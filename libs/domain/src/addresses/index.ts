export { addressDecider } from './address.decide';
export type {
  AddressCommand,
  CreateAddress,
  EditAddress,
  ChangeAddressAccounts,
  AbsorbAddress,
  MarkAddressMerged,
  DeleteAddress,
  RecordVatCheck,
} from './address.decide';
export { addressStreamId, ADDRESS_EVENT_TYPES } from './address.events';
export type { AddressEvent, AddressFieldChanges, AddressFieldName } from './address.events';
export type { AddressState } from './address.state';
export { EMPTY_ADDRESS_FIELDS, normalizeVatId, normalizeAddressFields, normalizeAccounts } from './address.rules';
export { rpaDatabaseDecider } from './rpa-database.decide';
export type { RpaCommand } from './rpa-database.decide';
export { RPA_DATABASE_STREAM_ID, RPA_EVENT_TYPES } from './rpa-database.events';
export type { RpaEvent, RpaEntry } from './rpa-database.events';
export type { RpaState } from './rpa-database.state';
