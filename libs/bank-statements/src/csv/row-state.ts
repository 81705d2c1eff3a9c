/** What exports write in a row's state column for a payment that is not booked yet. */
const PENDING = /^(pending|vorgemerkt|ausstehend|in bearbeitung|nicht gebucht|offen|en attente|in afwachting|pendiente|in sospeso)$/i;
/** …and for one that moved no money: declined, failed, cancelled or reverted before it was booked. */
const VOID =
  /^(reverted|declined|failed|cancell?ed|rejected|abgelehnt|fehlgeschlagen|abgebrochen|refus(é|e)e?|annul(é|e)e?|geweigerd|mislukt|geannuleerd|rechazad[ao]|cancelad[ao])$/i;

/**
 * A row's state by the text of an export's state column (Revolut's State, Wise's Status, a bank's "Status"): booked,
 * pending (an entry not booked yet) or void (no money moved: the row is skipped). Any other text, "completed" or
 * "gebucht" among them, is booked.
 */
export function rowState(text: string): 'booked' | 'pending' | 'void' {
  const state = text.trim();
  if (PENDING.test(state)) return 'pending';
  if (VOID.test(state)) return 'void';
  return 'booked';
}
