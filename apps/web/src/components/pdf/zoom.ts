/** Zoom of the PDF viewer: a factor (1 = 100 %) or the container width. */
export const FIT_WIDTH = 'fit' as const;
export type Zoom = number | typeof FIT_WIDTH;

export const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

/** The next zoom step above (direction 1) or below (-1) the current factor. */
export function nextZoom(current: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((s) => s > current + 0.001) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1];
  return [...ZOOM_STEPS].reverse().find((s) => s < current - 0.001) ?? ZOOM_STEPS[0];
}
