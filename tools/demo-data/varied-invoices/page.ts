import { PAGE_WIDTH, textWidth, type DrawOp, type Rgb } from '@portal/demo-data';

export const LEFT = 50;
export const RIGHT = PAGE_WIDTH - 50;
const INK: Rgb = [0.1, 0.1, 0.1];
export const GREY: Rgb = [0.4, 0.4, 0.4];
const RULE: Rgb = [0.7, 0.7, 0.7];

/** Drawing operations of one page, in points from the top left (text y is the baseline). */
export class Page {
  readonly ops: DrawOp[] = [];

  text(x: number, y: number, text: string, size = 9, opts: { bold?: boolean; color?: Rgb } = {}): number {
    this.ops.push({ type: 'text', x, y, text, size, bold: opts.bold ?? false, align: 'left', color: opts.color ?? INK });
    return x + textWidth(text, size, opts.bold);
  }

  right(x: number, y: number, text: string, size = 9, opts: { bold?: boolean; color?: Rgb } = {}): void {
    this.ops.push({ type: 'text', x, y, text, size, bold: opts.bold ?? false, align: 'right', color: opts.color ?? INK });
  }

  /** Text whose two parts are separate runs that touch, as some PDF writers split a word. */
  twoRuns(x: number, y: number, text: string, at: number, size = 9, bold = false): void {
    const end = this.text(x, y, text.slice(0, at), size, { bold });
    this.text(end, y, text.slice(at), size, { bold });
  }

  rule(x1: number, y: number, x2: number, width = 0.5): void {
    this.ops.push({ type: 'line', x1, y1: y, x2, y2: y, width, color: RULE });
  }

  box(x: number, y: number, width: number, height: number): void {
    this.rule(x, y, x + width);
    this.rule(x, y + height, x + width);
    this.ops.push({ type: 'line', x1: x, y1: y, x2: x, y2: y + height, width: 0.5, color: RULE });
    this.ops.push({ type: 'line', x1: x + width, y1: y, x2: x + width, y2: y + height, width: 0.5, color: RULE });
  }

  fill(x: number, y: number, width: number, height: number, grey = 0.92): void {
    this.ops.push({ type: 'rect', x, y, width, height, color: [grey, grey, grey] });
  }
}
