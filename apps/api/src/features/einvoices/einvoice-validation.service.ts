import { BadRequest, SERVICES, type EInvoiceVerdict } from '@portal/contracts';
import type { EInvoiceChecker } from '@portal/extraction';
import { z } from 'zod';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { validate } from '../validate';
import { verdictOnFile } from './einvoice-verdict';

/** What one socket or REST call may carry (the gateways take at most 1 MB); larger files go to POST /api/einvoices/validate. */
export const MAX_SERVICE_FILE_BYTES = 700 * 1024;

const requestSchema = z.strictObject({
  file: z
    .string()
    .min(1)
    .max(Math.ceil((MAX_SERVICE_FILE_BYTES * 4) / 3) + 4)
    .regex(/^[A-Za-z0-9+/\r\n]*={0,2}$/, 'file must be base64'),
  fileName: z.string().max(200).optional(),
});

/**
 * einvoice-validation: `create { file: <base64>, fileName? }` answers the EN 16931 / XRechnung verdict on an
 * XML e-invoice or a PDF with an embedded one, the same check as POST /api/einvoices/validate, for scripts.
 * Any signed-in user; a file that is no e-invoice answers BadRequest with why; nothing is stored.
 */
export function einvoiceValidationService(checker: EInvoiceChecker): ServiceDefinition {
  return {
    path: SERVICES.einvoiceValidation,
    methods: {
      create: {
        anyOf: null,
        async run(_context, args): Promise<EInvoiceVerdict> {
          const request = validate(requestSchema, args.data, 'e-invoice check');
          const bytes = Buffer.from(request.file, 'base64');
          if (bytes.byteLength > MAX_SERVICE_FILE_BYTES)
            throw BadRequest(`The file is larger than ${MAX_SERVICE_FILE_BYTES / 1024} KB; send it to POST /api/einvoices/validate.`);
          return verdictOnFile(checker, bytes);
        },
      },
    },
  };
}
