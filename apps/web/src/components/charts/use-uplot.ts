import { useEffect, type DependencyList, type RefObject } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

type UPlotClass = typeof uPlot;

/** What a chart hands the hook: its options (without width and height) and its data, built with the uPlot class. */
export type UPlotBuilder = (UPlot: UPlotClass) => { options: Omit<uPlot.Options, 'width' | 'height'>; data: uPlot.AlignedData };

/** Axis and grid colours that read in Blueprint's light and dark themes. */
export function chartInk(dark: boolean): { ink: string; grid: string } {
  return { ink: dark ? '#c5cbd3' : '#404854', grid: dark ? 'rgba(255,255,255,0.08)' : 'rgba(17,20,24,0.08)' };
}

/**
 * Draws a uPlot chart into `host` (uPlot is loaded lazily with the screen that uses it), follows the host's width,
 * and destroys it when `deps` change or the component goes; `build` null draws nothing.
 */
export function useUPlot(host: RefObject<HTMLDivElement | null>, height: number, build: UPlotBuilder | null, deps: DependencyList): void {
  useEffect(() => {
    const element = host.current;
    if (!element || !build) return undefined;
    let disposed = false;
    let plot: uPlot | null = null;
    const observer = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height }));
    void import('uplot').then(({ default: UPlot }) => {
      if (disposed) return;
      const { options, data } = build(UPlot);
      plot = new UPlot({ ...options, width: element.clientWidth, height }, data, element);
      observer.observe(element);
    });
    return () => {
      disposed = true;
      observer.disconnect();
      plot?.destroy();
    };
    // The caller names what the chart depends on (`build` is a new function on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
