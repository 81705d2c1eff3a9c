import { rowState } from './row-state';

describe("a row's state in an export's state column", () => {
  it('is pending for the words exports write for a payment not booked yet', () => {
    for (const text of ['PENDING', 'Vorgemerkt', 'ausstehend', 'En attente', ' pending ']) expect(rowState(text)).toBe('pending');
  });

  it('is void for a payment declined, failed, cancelled or reverted', () => {
    for (const text of ['REVERTED', 'DECLINED', 'Failed', 'cancelled', 'Canceled', 'Abgelehnt', 'Refusée', 'Geannuleerd']) expect(rowState(text)).toBe('void');
  });

  it('is booked for anything else, an empty cell among it', () => {
    for (const text of ['COMPLETED', 'Gebucht', 'Booked', '', 'Storniert']) expect(rowState(text)).toBe('booked');
  });
});
