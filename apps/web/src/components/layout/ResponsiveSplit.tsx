import { Tab, Tabs } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useIsMobile } from './use-is-mobile';
import './layout.css';

export interface SplitPane {
  /** Stable id; the mobile tab's id and the pane's `data-pane`. */
  id: string;
  /** Tab title below lg (and the pane's aria-label). */
  title: string;
  /** CSS grid track on desktop, e.g. '260px' or 'minmax(320px, 1fr)'. Default '1fr'. */
  width?: string;
  content: ReactNode;
  /** Extra class of the pane box (e.g. padding, own scrolling). */
  className?: string;
}

export interface ResponsiveSplitProps {
  panes: SplitPane[];
  /** Mobile tab shown; leave unset for an uncontrolled split that starts on the first pane. */
  activePane?: string;
  onActivePaneChange?: (id: string) => void;
  className?: string;
  testId?: string;
}

/**
 * Side-by-side panes from lg (1280 px) up, one column with tabs below it (spec §9). Each pane scrolls on
 * its own on desktop; on mobile only the chosen pane renders. Use it for every list | detail screen.
 */
export function ResponsiveSplit({ panes, activePane, onActivePaneChange, className, testId }: ResponsiveSplitProps) {
  const mobile = useIsMobile();
  const [own, setOwn] = useState(panes[0]?.id ?? '');
  const active = panes.some((p) => p.id === (activePane ?? own)) ? (activePane ?? own) : (panes[0]?.id ?? '');
  const choose = (id: string) => {
    setOwn(id);
    onActivePaneChange?.(id);
  };

  if (mobile) {
    return (
      <div className={['portal-split', 'portal-split--tabs', className].filter(Boolean).join(' ')} data-testid={testId} data-layout="tabs">
        <Tabs
          id={`${testId ?? 'split'}-tabs`}
          selectedTabId={active}
          onChange={(id) => choose(String(id))}
          fill
          renderActiveTabPanelOnly
          className="portal-split-tabs"
        >
          {panes.map((p) => (
            <Tab
              key={p.id}
              id={p.id}
              title={p.title}
              data-testid={`pane-tab-${p.id}`}
              panelClassName={['portal-split-pane', p.className].filter(Boolean).join(' ')}
              panel={<div data-pane={p.id}>{p.content}</div>}
            />
          ))}
        </Tabs>
      </div>
    );
  }

  return (
    <div
      className={['portal-split', 'portal-split--columns', className].filter(Boolean).join(' ')}
      style={{ gridTemplateColumns: panes.map((p) => p.width ?? '1fr').join(' ') }}
      data-testid={testId}
      data-layout="columns"
    >
      {panes.map((p) => (
        <section key={p.id} className={['portal-split-pane', p.className].filter(Boolean).join(' ')} aria-label={p.title} data-pane={p.id}>
          {p.content}
        </section>
      ))}
    </div>
  );
}
