import { mayAccessClient, NotFound, SERVICES, type ReportResult } from '@portal/contracts';
import type { ServiceDefinition } from '../../gateway/service-definition';
import type { ReportEngine } from './report-engine';
import { parseReportRequest } from './report-query';
import { maySeePayroll } from '../documents/document-read-rule';

export const REPORTS_READ = ['rep'] as const;

/**
 * reports: `find` with query { client_no, report: vat | parties | processing | exports, from, to
 * (YYYY-MM-DD), asOf?, compareAsOf? (ISO date-time or date = end of that day in the firm's time zone), country? (AT | DE) }
 * answers one ReportResult. Live without asOf; as of a past moment from the log otherwise.
 */
export function reportsService(engine: ReportEngine): ServiceDefinition {
  return {
    path: SERVICES.reports,
    methods: {
      find: {
        anyOf: [...REPORTS_READ],
        async run(context, args): Promise<ReportResult> {
          const request = parseReportRequest(args.query, new Date(), await engine.timeZone());
          if (!mayAccessClient(context.user, request.clientNo)) throw NotFound(`No client found for id '${request.clientNo}'`);
          return engine.run(request, { withPayroll: maySeePayroll(context.user) });
        },
      },
    },
  };
}
