/** Layout pieces every screen uses for spec §9 (desktop ≥ 1280 px, mobile below). See README.md here. */
export { DataTable } from './DataTable';
export type { DataColumn, DataTableProps } from './DataTable';
export { ResponsiveBar } from './ResponsiveBar';
export type { ResponsiveBarProps } from './ResponsiveBar';
export { ResponsiveSplit } from './ResponsiveSplit';
export type { ResponsiveSplitProps, SplitPane } from './ResponsiveSplit';
export { LG_BREAKPOINT_PX, MOBILE_MEDIA_QUERY, useIsMobile } from './use-is-mobile';
