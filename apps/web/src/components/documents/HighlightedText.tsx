import { splitHighlights } from './highlight';

export interface HighlightedTextProps {
  text: string;
  highlights: ReadonlyArray<readonly [number, number]>;
}

/** A search snippet with its hits in <mark> (text nodes only, never HTML). */
export function HighlightedText({ text, highlights }: HighlightedTextProps) {
  return (
    <span className="portal-snippet">
      {splitHighlights(text, highlights).map((part, i) => (part.hit ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
    </span>
  );
}
