import { Button, ButtonGroup } from '@blueprintjs/core';
import { AGEING_BUCKET_KEYS, type AgeingBucketKey, type AgeingTotals } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../i18n/format';
import { BarChart } from '../reports/BarChart';

/** Ageing buckets with count and total each (a filter as well) and their chart. */
export function AgeingBar({
  ageing,
  bucket,
  onBucket,
  locale,
}: {
  ageing: AgeingTotals[];
  bucket: AgeingBucketKey | null;
  onBucket: (b: AgeingBucketKey | null) => void;
  locale: string;
}) {
  const { t } = useTranslation();
  const of = (b: AgeingBucketKey) => ageing.find((a) => a.bucket === b) ?? { bucket: b, count: 0, amount: 0 };
  return (
    <section className="portal-ageing" aria-label={t('unpaid.ageing')} data-testid="ageing">
      <ButtonGroup fill className="portal-ageing-buttons">
        <Button active={bucket === null} onClick={() => onBucket(null)} text={t('unpaid.allBuckets')} data-testid="bucket-all" />
        {AGEING_BUCKET_KEYS.map((b) => (
          <Button
            key={b}
            active={bucket === b}
            onClick={() => onBucket(bucket === b ? null : b)}
            data-testid={`bucket-${b}`}
            intent={b === 'not_due' ? 'none' : b === 'd1_30' ? 'warning' : of(b).count ? 'danger' : 'none'}
            minimal={bucket !== b}
          >
            <span className="portal-bucket-label">{t(`unpaid.buckets.${b}`)}</span>
            <span className="portal-bucket-figures" data-testid={`bucket-${b}-figures`}>
              {of(b).count} · {formatAmount(of(b).amount, 'EUR', locale)}
            </span>
          </Button>
        ))}
      </ButtonGroup>
      <BarChart
        title={t('unpaid.ageing')}
        series={[t('unpaid.outstanding')]}
        bars={AGEING_BUCKET_KEYS.map((b) => ({ label: t(`unpaid.buckets.${b}`), values: [of(b).amount] }))}
        format={(n) => formatAmount(n, 'EUR', locale)}
      />
    </section>
  );
}
