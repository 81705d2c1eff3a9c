import { Tag, type Intent } from '@blueprintjs/core';
import type { VatCheck, VatCheckResult } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const INTENT: Record<VatCheckResult, Intent> = {
  valid: 'success',
  invalid: 'danger',
  empty: 'none',
  format_error: 'danger',
  invalid_for_country: 'danger',
  check_failed: 'warning',
  unknown_error: 'warning',
};

/** The result of the latest VAT ID check as a tag (spec §5's results plus VIES's valid / invalid). */
export function VatCheckTag({ check, testId }: { check: VatCheck | null; testId?: string }) {
  const { t } = useTranslation();
  if (!check) return null;
  return (
    // Blueprint's minimal warning tag is too pale in the light theme (WCAG contrast): warnings are solid.
    <Tag
      minimal={INTENT[check.result] !== 'warning'}
      intent={INTENT[check.result]}
      icon={check.result === 'valid' ? 'tick-circle' : check.result === 'check_failed' ? 'offline' : undefined}
      data-testid={testId}
    >
      {t(`addresses.vat.${check.result}`)}
    </Tag>
  );
}
