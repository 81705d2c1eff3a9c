import { Classes, Icon } from '@blueprintjs/core';
import { pageRuns, type DerivedDocument, type LineageSource } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import de from './lineage.de.json';
import en from './lineage.en.json';

addFeatureTranslations('lineage', { en, de });

/** Where a source lives: an inbox item in the editor, or a document. */
export function sourcePath(source: Pick<LineageSource, 'kind' | 'id'>, clientNo: number | null): string {
  return source.kind === 'editor' ? `/document-editor/${clientNo ?? 0}/${source.id}` : `/doc/${clientNo ?? 0}/${source.id}`;
}

/** "Pages 1–3 from <source title>" per source, each linking to its source (the revision stays internal). */
export function LineageLines({ sources, clientNo }: { sources: readonly LineageSource[]; clientNo: number | null }) {
  const { t } = useTranslation();
  return (
    <ul className={`${Classes.LIST_UNSTYLED} portal-lineage`} data-testid="lineage">
      {sources.map((s) => (
        <li key={`${s.kind}-${s.id}-${s.revision}`} data-testid="lineage-source">
          <Icon icon={s.kind === 'editor' ? 'inbox' : 'document'} size={12} className={Classes.TEXT_MUTED} />{' '}
          <Link to={sourcePath(s, clientNo)}>{t(s.pages.length === 1 ? 'lineage.fromOne' : 'lineage.from', { pages: pageRuns(s.pages), title: s.title })}</Link>
          {s.rotated > 0 ? <span className={Classes.TEXT_MUTED}> · {t('lineage.rotated', { count: s.rotated })}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The reverse: "Pages 2–3 went into <title>" per document made with this one's pages, each linking to it. */
export function DerivedLines({ derived, clientNo }: { derived: readonly DerivedDocument[]; clientNo: number | null }) {
  const { t } = useTranslation();
  return (
    <section className="portal-lineage-derived" data-testid="lineage-derived">
      <h6 className={Classes.HEADING}>{t('lineage.madeWith')}</h6>
      <ul className={`${Classes.LIST_UNSTYLED} portal-lineage`}>
        {derived.map((d) => (
          <li key={d.document_id} data-testid="lineage-derived-document">
            <Icon icon="document-share" size={12} className={Classes.TEXT_MUTED} />{' '}
            <Link to={sourcePath({ kind: 'document', id: d.document_id }, clientNo)}>
              {t(d.pages.length === 1 ? 'lineage.intoOne' : 'lineage.into', { pages: pageRuns(d.pages), title: d.title })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
