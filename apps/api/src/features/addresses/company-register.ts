import { COMPANY_REGISTER_QUERY_MAX, type CompanyRegisterHit } from '@portal/contracts';
import type { ReadStore } from '@portal/read-store';
import { searchActiveAddresses } from './address-search';

/** A company register (Firmenbuch, Handelsregister) as a port: search by name or register number. */
export interface CompanyRegisterPort {
  /** What the UI tells the user it searched. */
  readonly kind: 'address-database' | 'register';
  search(text: string, limit: number): Promise<CompanyRegisterHit[]>;
}

/** The search reads at most the first 50 characters of the trimmed text. */
export const cutRegisterQuery = (text: string) => text.trim().slice(0, COMPANY_REGISTER_QUERY_MAX);

/**
 * The embedded adapter: no production register is reachable from here, so it searches the portal's own
 * address database (active addresses; names, register numbers, VAT IDs) and says so.
 */
export class AddressDatabaseRegister implements CompanyRegisterPort {
  readonly kind = 'address-database' as const;
  constructor(private readonly store: ReadStore) {}

  async search(text: string, limit: number): Promise<CompanyRegisterHit[]> {
    const query = cutRegisterQuery(text);
    if (query === '') return [];
    const page = await searchActiveAddresses(this.store, query, {}, 0, limit);
    return page.data.map((a) => {
      return {
        id: `address-${a.id}`,
        source: 'address-database',
        name: a.name,
        legal_form: a.legal_form,
        register_number: a.register_number,
        street: a.street,
        postcode: a.postcode,
        place: a.place,
        country: a.country,
        vat_id: a.vat_id,
        address_id: a.id,
      };
    });
  }
}
