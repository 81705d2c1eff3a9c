import { Tag, type Intent } from '@blueprintjs/core';
import type { CashRegisterState, FonConflictKind, FonImportStatus, FonItemState, QuotaDeadline, QuotaWarning } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format';

/**
 * Blueprint's minimal warning and success tags are too pale in the light theme (WCAG contrast): those
 * intents are solid, the others minimal.
 */
function IntentTag({ intent, children, testId }: { intent: Intent; children: string; testId?: string }) {
  return (
    <Tag intent={intent} minimal={intent === 'none' || intent === 'primary' || intent === 'danger'} round data-testid={testId}>
      {children}
    </Tag>
  );
}

const ITEM_INTENT: Record<FonItemState, Intent> = {
  open: 'none',
  submitted: 'success',
  not_relevant: 'none',
  data_conflict: 'warning',
  no_ntcs_record: 'danger',
  resolved_manually: 'primary',
};
const REGISTER_INTENT: Record<CashRegisterState, Intent> = {
  in_operation: 'success',
  out_of_operation: 'none',
  registered: 'primary',
  failure: 'danger',
  no_permission: 'warning',
};
const DEADLINE_INTENT: Record<QuotaDeadline['state'], Intent> = { met: 'success', on_track: 'primary', at_risk: 'warning', missed: 'danger' };
const WARNING_INTENT: Record<QuotaWarning, Intent> = { none: 'success', at_risk: 'warning', warning: 'warning', recall_threatened: 'danger', recall: 'danger' };
const IMPORT_INTENT: Record<FonImportStatus, Intent> = { 'in progress': 'primary', done: 'success', failed: 'danger' };

export function ItemStateTag({ state }: { state: FonItemState }) {
  const { t } = useTranslation();
  return <IntentTag intent={ITEM_INTENT[state]}>{t(`fon.states.${state}`)}</IntentTag>;
}

export function ConflictKindTag({ kind }: { kind: FonConflictKind }) {
  const { t } = useTranslation();
  return <IntentTag intent={kind === 'no_ntcs_record' ? 'danger' : 'warning'}>{t(`fon.conflicts.kinds.${kind}`)}</IntentTag>;
}

export function RegisterStateTag({ state }: { state: CashRegisterState }) {
  const { t } = useTranslation();
  return <IntentTag intent={REGISTER_INTENT[state]}>{t(`fon.registers.states.${state}`)}</IntentTag>;
}

export function DeadlineStateTag({ state }: { state: QuotaDeadline['state'] }) {
  const { t } = useTranslation();
  return <IntentTag intent={DEADLINE_INTENT[state]}>{t(`fon.quota.states.${state}`)}</IntentTag>;
}

/** The office's warning; one at risk names the deadline it is about (the next one may be met while a later one is not). */
export function WarningTag({ warning, atRiskDate, locale, testId }: { warning: QuotaWarning; atRiskDate: string | null; locale: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <IntentTag intent={WARNING_INTENT[warning]} testId={testId}>
      {t(`fon.quota.warnings.${warning}`, { date: atRiskDate ? formatDate(atRiskDate, locale) : '' })}
    </IntentTag>
  );
}

export function ImportStatusTag({ status, testId }: { status: FonImportStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <IntentTag intent={IMPORT_INTENT[status]} testId={testId}>
      {t(`fon.imports.statuses.${status}`)}
    </IntentTag>
  );
}
