export { PdfViewer } from './PdfViewer';
export type { PdfViewerProps } from './PdfViewer';
export { FIT_WIDTH } from './zoom';
export type { Zoom } from './zoom';
