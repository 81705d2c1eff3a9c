import { HTMLTable } from '@blueprintjs/core';
import type { ExportJob } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ExportsStore } from './ExportsStore';
import { invoicePath } from '../accounting/invoice-route';
import { ResultTag } from './ExportStatusTag';
import { useExportReasonText } from './export-reason-text';

export interface ExportResultsProps {
  store: ExportsStore;
  job: ExportJob;
  onNavigate: () => void;
}

/** Per document of a job: its title (linking to the booked invoice), the outcome and the reason. */
export const ExportResults = observer(function ExportResults({ store, job, onNavigate }: ExportResultsProps) {
  const { t } = useTranslation();
  const reasonOf = useExportReasonText();
  useEffect(() => {
    store.loadTitles(job).catch((e: unknown) => console.warn('Loading export document titles failed', e));
  }, [store, job]);
  return (
    <HTMLTable compact striped className="portal-export-results" data-testid="export-results">
      <thead>
        <tr>
          <th>{t('exports.results.document')}</th>
          <th>{t('exports.results.status')}</th>
          <th>{t('exports.results.reason')}</th>
        </tr>
      </thead>
      <tbody>
        {job.document_results.map((r) => (
          <tr key={r.documentId} data-testid={`export-result-${r.documentId}`} data-status={r.status}>
            <td>
              <Link to={invoicePath(job.client_no, 'er', r.documentId)} onClick={onNavigate} data-testid="result-link">
                {store.titleOf(r.documentId) ?? t('exports.results.loading')}
              </Link>
            </td>
            <td>
              <ResultTag status={r.status} />
            </td>
            <td className="portal-export-reason" data-testid="result-reason">
              {reasonOf(r.reason)}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
});
