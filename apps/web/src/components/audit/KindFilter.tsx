import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface KindFilterProps {
  kinds: string[];
  selected: string[];
  onToggle: (kind: string) => void;
  onClear: () => void;
}

/** Event kinds as toggles; none selected shows every kind. */
export function KindFilter({ kinds, selected, onToggle, onClear }: KindFilterProps) {
  const { t } = useTranslation();
  return (
    <div className="portal-kind-filter" role="group" aria-label={t('invoices.audit.filter')} data-testid="audit-kind-filter">
      <Tag interactive round minimal={selected.length > 0} intent="primary" onClick={onClear} data-testid="kind-all">
        {t('invoices.audit.allKinds')}
      </Tag>
      {kinds.map((k) => (
        <Tag
          key={k}
          interactive
          round
          minimal={!selected.includes(k)}
          intent="primary"
          onClick={() => onToggle(k)}
          data-testid={`kind-${k}`}
          aria-pressed={selected.includes(k)}
        >
          {t(`invoices.audit.kinds.${k}`, { defaultValue: k })}
        </Tag>
      ))}
    </div>
  );
}
