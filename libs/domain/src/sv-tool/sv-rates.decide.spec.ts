import { specFor } from '../../test/given-when-then';
import { svRatesDecider } from './sv-rates.decide';

describe('SV interest rate table', () => {
  it('sets a year once and refuses nonsense', () => {
    specFor(svRatesDecider)([])
      .when({ type: 'SetSvInterestRate', year: 2025, rate: 7.03 })
      .then([{ type: 'SvInterestRateSet', data: { year: 2025, rate: 7.03 } }]);
    specFor(svRatesDecider)([{ type: 'SvInterestRateSet', data: { year: 2025, rate: 7.03 } }])
      .when({ type: 'SetSvInterestRate', year: 2025, rate: 7.03 })
      .then([]);
    specFor(svRatesDecider)([]).when({ type: 'SetSvInterestRate', year: 2025, rate: 45 }).thenThrows('between 0 and 30');
  });
});
