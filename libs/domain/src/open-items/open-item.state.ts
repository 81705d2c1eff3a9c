import type { OpenItemEvent, PaymentSource } from './open-item.events';

export interface PaymentEntry {
  paymentId: string;
  amount: number;
  discount: number;
  date: string;
  source: PaymentSource;
  cancelled: boolean;
}

export interface OpenItemState {
  payments: PaymentEntry[];
  dunningLevel: number;
  lastDunningDate: string | null;
  blocked: boolean;
}

export const initialOpenItemState: OpenItemState = { payments: [], dunningLevel: 0, lastDunningDate: null, blocked: false };

export function evolveOpenItem(state: OpenItemState, event: OpenItemEvent): OpenItemState {
  switch (event.type) {
    case 'PaymentRecorded': {
      const d = event.data;
      return {
        ...state,
        payments: [...state.payments, { paymentId: d.paymentId, amount: d.amount, discount: d.discount, date: d.date, source: d.source, cancelled: false }],
      };
    }
    case 'PaymentCancelled':
      return { ...state, payments: state.payments.map((p) => (p.paymentId === event.data.paymentId ? { ...p, cancelled: true } : p)) };
    case 'DunningRecorded':
      return { ...state, dunningLevel: event.data.level, lastDunningDate: event.data.date };
    case 'PaymentBlockChanged':
      return { ...state, blocked: event.data.blocked };
  }
}

/** Sum of the active payments and the discounts they earned. */
export const settledBy = (payments: readonly PaymentEntry[]) => payments.filter((p) => !p.cancelled).reduce((sum, p) => sum + p.amount + p.discount, 0);
