/** One field of a SWIFT message: its tag, its text (continuation lines joined with \n) and its 1-based line. */
export interface SwiftField {
  tag: string;
  value: string;
  line: number;
}

/** One message: its fields and what its envelope says (sender BIC of block 1, message type of block 2). */
export interface SwiftMessage {
  fields: SwiftField[];
  /** A closing balance (:62F:/:62M:) was read: an account or opening field after it starts the next message. */
  closed?: boolean;
  senderBic: string | null;
  messageType: string | null;
  line: number;
}

/** The tags of MT940 and MT942 (and :NS: of the German variant); anything else at a line start is text. */
const TAGS = new Set(['20', '21', '25', '25P', '28', '28C', '60F', '60M', '61', '62F', '62M', '64', '65', '86', '34F', '13', '13D', '90D', '90C', 'NS']);
const TAG_LINE = /^:(\d\d[A-Z]?|NS):(.*)$/;

/**
 * A bare "-" line ends its message unless the text after it goes on with the field: a field wrapped where its text
 * has a "-" makes such a line. What follows a message's end is another message, a bank's header line or nothing.
 */
function continuesField(lines: string[], from: number): boolean {
  let i = from;
  while (i < lines.length && lines[i]!.trim() === '') i++;
  if (i === lines.length) return false;
  const next = lines[i]!;
  const tag = TAG_LINE.exec(next);
  if (tag && TAGS.has(tag[1]!)) return false;
  if (/\{[1-5]:|^\s*ä4:|^\s*-/.test(next)) return false;
  // Header lines banks put before a message: a BIC, the message type ("940", "940 00"), "0000 01INGBNL2AXXXX00001".
  return !/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?\s*$|^\d{3}(\s+\d{2})?\s*$|^\d{4} \d{2}[A-Z]{6}[A-Z0-9]{2}/.test(next);
}

/**
 * The messages of a file. Banks wrap them in SWIFT envelopes ({1:...}{2:...}{4: ... -}, in Nordic national
 * character sets written ä4: ... -å), put header lines before them ("ABNANL2A", "940", "0000 01INGB...") and end
 * them with a "-" line, or write them one after the other. A message starts at :20:, at an envelope or after a
 * "-" line; a block without :20: (:25:, :28C:, :60F: after a closing balance) also starts one.
 */
export function messagesOf(text: string): SwiftMessage[] {
  const messages: SwiftMessage[] = [];
  let current: SwiftMessage | null = null;
  let envelope: { senderBic: string | null; messageType: string | null } = { senderBic: null, messageType: null };
  const close = () => {
    if (current && current.fields.length > 0) messages.push(current);
    current = null;
  };
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    const header = /\{1:[A-Z]\d\d([A-Z0-9]{8})/.exec(line);
    // Bank header lines before a message name the sender: "ABNANL2A", "0000 01INGBNL2AXXXX00001".
    const bare = current === null ? (/^([A-Z]{6}[A-Z0-9]{2})([A-Z0-9]{3})?\s*$/.exec(line) ?? /^\d{4} \d{2}([A-Z]{6}[A-Z0-9]{2})/.exec(line)) : null;
    if (bare) envelope = { ...envelope, senderBic: bare[1]! };
    const type = /\{2:[IO](\d{3})/.exec(line);
    if (header || type) {
      close();
      envelope = { senderBic: header?.[1] ?? envelope.senderBic, messageType: type?.[1] ?? envelope.messageType };
    }
    line = line.replace(/\{[1-3]:(?:\{[^}]*\}|[^{}])*\}/g, '');
    if (/^\s*(\{4:|ä4:)\s*$/.test(line)) {
      close();
      continue;
    }
    line = line.replace(/^(\{4:|ä4:)/, '');
    if (/^\s*-\s*(\}|å)?\s*(\{5:.*)?$/.test(line) && !(current && /^\s*-\s*$/.test(line) && continuesField(lines, i + 1))) {
      close();
      continue;
    }
    const tag = TAG_LINE.exec(line);
    if (tag && TAGS.has(tag[1]!)) {
      const field: SwiftField = { tag: tag[1]!, value: tag[2]!.replace(/-\}\s*$/, ''), line: i + 1 };
      const closedBefore = (current as SwiftMessage | null)?.closed === true;
      if (tag[1] === '20' || (closedBefore && ['25', '28', '28C', '60F', '60M'].includes(tag[1]!))) close();
      current ??= { fields: [], ...envelope, line: i + 1 };
      current.fields.push(field);
      if (field.tag === '62F' || field.tag === '62M') current.closed = true;
      if (/-\}\s*$/.test(tag[2]!)) close();
    } else if (current && current.fields.length > 0) {
      current.fields[current.fields.length - 1]!.value += `\n${line}`;
    }
  }
  close();
  return messages;
}
