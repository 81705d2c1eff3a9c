import type { InterestCountry } from '@portal/domain';
import { COMPANIES, COMPANY_SETTINGS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';

const AUSTRIAN_PLACES =
  /\b(wien|graz|linz|salzburg|innsbruck|klagenfurt|villach|wels|st\.? ?pölten|dornbirn|steyr|feldkirch|bregenz|leoben|krems|wolfsberg|baden|klosterneuburg|eisenstadt|kufstein|lienz|bludenz|amstetten|braunau|hallein|schwaz|ried|gmunden|vöcklabruck|wiener neustadt|tulln|mödling)\b/i;

/**
 * The country whose tax return and late-payment law apply to a client: the company settings' `country`
 * when administration has set one, otherwise told from the company's place (Austrian towns → AT, else DE).
 */
export async function countryOfClient(store: ReadStore, clientNo: number): Promise<InterestCountry> {
  const settings = await store.get(COMPANY_SETTINGS, clientNo);
  const configured = settings?.country;
  if (configured === 'AT' || configured === 'DE') return configured;
  const company = await store.get(COMPANIES, clientNo);
  return AUSTRIAN_PLACES.test(String(company?.company_place ?? '')) ? 'AT' : 'DE';
}
