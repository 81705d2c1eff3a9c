import type { Feature, FeatureDeps } from '../feature';
import { paymentQrService } from './payment-qr.service';

/** Payment QR codes for invoices. */
export function paymentsFeature(deps: FeatureDeps): Feature {
  return { name: 'payments', services: [paymentQrService(deps.reads)] };
}
