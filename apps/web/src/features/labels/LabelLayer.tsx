import type { DocumentLabel, LabelBox } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LabelStore } from './LabelStore';
import { boxAround } from './words-under';
import './label-texts';

interface Props {
  store: LabelStore;
  page: number;
  /** CSS pixels per PDF point. */
  scale: number;
  labels: readonly DocumentLabel[];
}

const style = (box: LabelBox, scale: number) => ({ left: box.x * scale, top: box.y * scale, width: box.width * scale, height: box.height * scale });

/**
 * Over one page in Label mode: the page's words as faint boxes, the labels already set, and the box being
 * drawn. Drag to draw a box; a click without dragging takes the word under the pointer.
 */
export const LabelLayer = observer(function LabelLayer({ store, page, scale, labels }: Props) {
  const { t } = useTranslation();
  const layer = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<{ x: number; y: number } | null>(null);
  const [end, setEnd] = useState<{ x: number; y: number } | null>(null);
  const words = store.pageWords(page)?.words ?? [];

  const point = (e: React.PointerEvent) => {
    const rect = layer.current!.getBoundingClientRect();
    return { x: (e.clientX - rect.left) / scale, y: (e.clientY - rect.top) / scale };
  };
  const finish = (e: React.PointerEvent) => {
    if (!start) return;
    const p = point(e);
    setStart(null);
    setEnd(null);
    const dragged = Math.abs(p.x - start.x) * scale > 4 || Math.abs(p.y - start.y) * scale > 4;
    if (dragged) {
      const r = (n: number) => Math.round(n * 100) / 100;
      store.select({
        page,
        x: r(Math.max(0, Math.min(start.x, p.x))),
        y: r(Math.max(0, Math.min(start.y, p.y))),
        width: r(Math.abs(p.x - start.x)),
        height: r(Math.abs(p.y - start.y)),
      });
      return;
    }
    const hit = words.find((w) => p.x >= w.x && p.x <= w.x + w.width && p.y >= w.y && p.y <= w.y + w.height);
    if (hit) store.select(boxAround([hit], page));
  };
  const drawing =
    start && end
      ? { page, x: Math.min(start.x, end.x), y: Math.min(start.y, end.y), width: Math.abs(end.x - start.x), height: Math.abs(end.y - start.y) }
      : null;

  return (
    <div
      ref={layer}
      className="portal-label-layer"
      data-testid={`label-layer-${page}`}
      aria-label={t('labels.layer', { page })}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.currentTarget.setPointerCapture?.(e.pointerId);
        setStart(point(e));
        setEnd(point(e));
      }}
      onPointerMove={(e) => start && setEnd(point(e))}
      onPointerUp={finish}
      onPointerCancel={() => setStart(null)}
    >
      {words.map((w, i) => (
        <div key={i} className="portal-label-word" style={style({ page, ...w }, scale)} />
      ))}
      {labels
        .filter((l) => l.box.page === page)
        .map((l) => (
          <div key={l.id} className="portal-label-box" style={style(l.box, scale)} data-testid={`label-box-${l.field}`}>
            <span className="portal-label-tag">{t(`labels.fields.${l.field}`)}</span>
          </div>
        ))}
      {store.draft && store.draft.box.page === page ? (
        <div className="portal-label-draft" style={style(store.draft.box, scale)} data-testid="label-draft-box" />
      ) : null}
      {drawing ? <div className="portal-label-draft" style={style(drawing, scale)} /> : null}
    </div>
  );
});
