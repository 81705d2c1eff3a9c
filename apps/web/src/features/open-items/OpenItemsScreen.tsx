import { Button, ButtonGroup } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import { SHORTCUTS, useShortcut } from '../../components/keyboard';
import { useIsMobile } from '../../components/layout/use-is-mobile';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import de from './open-items.de.json';
import en from './open-items.en.json';
import { kindOfType, OpenItemsStore, typeOfKind } from './OpenItemsStore';
import { InvoicePdfPane } from '../accounting/InvoicePdfPane';
import { AgeingBar } from './AgeingBar';
import { OpenItemDetail } from './OpenItemDetail';
import { OpenItemList } from './OpenItemList';
import '../reports/reports.css';
import './open-items.css';

addFeatureTranslations('unpaid', { en, de });

const pathOf = (client: number, type: string, id?: number) => `/unpaid/${client}/${type}${id ? `/${id}` : ''}`;

/** /unpaid/{client}/{er|ar}/{id} (rep): open items beside the invoice, with ageing, payments, reminders and blocks. */
const OpenItemsScreen = observer(function OpenItemsScreen() {
  const root = useStores();
  const { company, ui } = root;
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const [store] = useState(() => new OpenItemsStore(root));
  const [pane, setPane] = useState<'list' | 'document' | 'details'>('list');
  useEffect(() => store.activate(), [store]);
  const client = company.resolveClient(params.client);
  const kind = kindOfType(params.document_type);
  const id = Number(params.document_id ?? 0) || 0;
  useEffect(() => {
    if (client !== null) store.open(client, kind, id).catch((e: unknown) => ui.error(e));
  }, [store, client, kind, id, ui]);
  const go = useCallback(
    (itemId: number) => {
      if (client === null) return;
      navigate(pathOf(client, typeOfKind(kind), itemId));
      setPane('details');
    },
    [client, kind, navigate],
  );
  const previous = store.previous;
  const next = store.next;
  const goPrevious = useCallback(() => previous && go(previous.id), [previous, go]);
  const goNext = useCallback(() => next && go(next.id), [next, go]);
  useShortcut(SHORTCUTS.previousInvoice, goPrevious);
  useShortcut(SHORTCUTS.nextInvoice, goNext);
  const onKind = (type: 'er' | 'ar') => client !== null && navigate(pathOf(client, type));
  const item = store.selected;
  const list = (
    <div className="portal-unpaid-left">
      <AgeingBar ageing={store.ageing} bucket={store.bucket} onBucket={(b) => void store.setFilter({ bucket: b })} locale={ui.locale} />
      <OpenItemList store={store} locale={ui.locale} onSelect={go} onKind={onKind} />
    </div>
  );
  const documentPane = (
    <div className="portal-invoice-pdf" data-testid="unpaid-pdf">
      {item ? <InvoicePdfPane record={{ id: item.id, media_type: 'application/pdf', file_name: item.title }} /> : null}
    </div>
  );
  const detail = (
    <div className="portal-invoice-side">
      <OpenItemDetail store={store} locale={ui.locale} onPrevious={previous ? goPrevious : null} onNext={next ? goNext : null} />
    </div>
  );
  if (mobile) {
    return (
      <div className="portal-unpaid-mobile portal-below-picker" data-testid="unpaid-screen">
        <ButtonGroup fill className="portal-unpaid-panes">
          {(['list', 'details', 'document'] as const).map((p) => (
            <Button key={p} active={pane === p} aria-pressed={pane === p} text={t(`unpaid.${p}`)} onClick={() => setPane(p)} data-testid={`unpaid-pane-${p}`} />
          ))}
        </ButtonGroup>
        {pane === 'list' ? list : pane === 'details' ? detail : documentPane}
      </div>
    );
  }
  return (
    <div className="portal-unpaid" data-testid="unpaid-screen">
      {list}
      {documentPane}
      {detail}
    </div>
  );
});

export default OpenItemsScreen;
