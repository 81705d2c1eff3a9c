import { specFor } from '../../test/given-when-then';
import { responsibilityDecider } from './responsibility.decide';
import type { ResponsibilityEvent } from './responsibility.events';

const given = specFor(responsibilityDecider);
const anna = { id: 'u-anna', name: 'Anna Berger' };
const lukas = { id: 'u-lukas', name: 'Lukas Wimmer' };
const assigned: ResponsibilityEvent = { type: 'ResponsibilityAssigned', data: { clientNo: 1001, responsible: anna, deputies: [lukas] } };

describe('responsibility', () => {
  it('assigns a responsible person with deputies', () => {
    given([])
      .when({ type: 'AssignResponsibility', clientNo: 1001, responsible: anna, deputies: [lukas] })
      .then([assigned]);
  });

  it('reassigns in one step, and repeating the same assignment changes nothing', () => {
    given([assigned])
      .when({ type: 'AssignResponsibility', clientNo: 1001, responsible: lukas, deputies: [] })
      .then([{ type: 'ResponsibilityAssigned', data: { clientNo: 1001, responsible: lukas, deputies: [] } }]);
    given([assigned])
      .when({ type: 'AssignResponsibility', clientNo: 1001, responsible: anna, deputies: [lukas] })
      .then([]);
  });

  it('refuses the responsible person as deputy and a deputy twice', () => {
    given([])
      .when({ type: 'AssignResponsibility', clientNo: 1001, responsible: anna, deputies: [anna] })
      .thenThrows('cannot also be a deputy');
    given([])
      .when({ type: 'AssignResponsibility', clientNo: 1001, responsible: anna, deputies: [lukas, lukas] })
      .thenThrows('listed twice');
  });
});
