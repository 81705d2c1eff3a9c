import type { PageViewport, PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useState } from 'react';

/** Tracks the inner width of an element. */
export function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** True once the element comes within `margin` of the viewport (and stays true): pages render lazily. */
export function useNearViewport(ref: React.RefObject<HTMLElement | null>, margin = '600px 0px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}

/** Draws a page on a canvas sized for the device's pixel ratio; cancel the task when the page or zoom changes. */
export function renderOnCanvas(page: PDFPageProxy, canvas: HTMLCanvasElement, viewport: PageViewport): RenderTask {
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.style.width = `${Math.floor(viewport.width)}px`;
  canvas.style.height = `${Math.floor(viewport.height)}px`;
  return page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
}
