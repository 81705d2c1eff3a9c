import type { Feature, FeatureDeps } from '../feature';
import { einvoiceValidationRouter } from './einvoice-validation.routes';
import { einvoiceValidationService } from './einvoice-validation.service';

/** Checking e-invoices against their rules, as a service and as an upload route. */
export function einvoicesFeature(deps: FeatureDeps): Feature {
  return {
    name: 'einvoices',
    services: [einvoiceValidationService(deps.einvoiceChecker)],
    routers: [einvoiceValidationRouter(deps.authenticator, deps.einvoiceChecker, deps.diskUploads, deps.config.maxUploadBytes)],
  };
}
