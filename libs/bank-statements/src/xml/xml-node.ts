/** An element as kept in memory: its local name, attributes, child elements and text. */
export interface XmlNode {
  name: string;
  attributes: Record<string, string> | null;
  children: XmlNode[];
  text: string;
  /** Where its start tag begins in the file's text. */
  position: number;
}

/** The first child with this name at each step of the path; undefined when a step is missing. */
export function at(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current = node;
  for (const step of path) {
    if (!current) return undefined;
    current = current.children.find((c) => c.name === step);
  }
  return current;
}

/** The trimmed text at the path; null when missing or empty. */
export function textAt(node: XmlNode | undefined, ...path: string[]): string | null {
  const found = at(node, ...path);
  const value = found?.text.trim();
  return value ? value : null;
}

/** The first path that has text. */
export function firstText(node: XmlNode | undefined, paths: string[][]): string | null {
  for (const path of paths) {
    const value = textAt(node, ...path);
    if (value !== null) return value;
  }
  return null;
}

export const childrenNamed = (node: XmlNode | undefined, name: string): XmlNode[] => (node ? node.children.filter((c) => c.name === name) : []);
