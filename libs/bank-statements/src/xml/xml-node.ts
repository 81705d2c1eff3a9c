/** An element as kept in memory: its local name, attributes, child elements and text. */
export interface XmlNode {
  name: string;
  attributes: Record<string, string> | null;
  children: XmlNode[];
  text: string;
  /** Where its start tag begins in the file's text. */
  position: number;
}

/** The children of an element without any (most of a statement's elements): one frozen list shared by all. */
export const NO_CHILDREN: XmlNode[] = Object.freeze([]) as unknown as XmlNode[];

/** Adds a child, giving the parent its own list of children at the first. */
export function addChild(parent: XmlNode, node: XmlNode): void {
  if (parent.children === NO_CHILDREN) parent.children = [node];
  else parent.children.push(node);
}

/** A path of element names below a node; kept as constants, since lookups run for every entry of large files. */
export type XmlPath = readonly string[];

export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  if (!node) return undefined;
  const children = node.children;
  for (let i = 0; i < children.length; i++) if (children[i]!.name === name) return children[i];
  return undefined;
}

/** The first child with this name at each step of the path; undefined when a step is missing. */
export function at(node: XmlNode | undefined, path: XmlPath): XmlNode | undefined {
  let current = node;
  for (let i = 0; i < path.length && current; i++) current = child(current, path[i]!);
  return current;
}

/** The trimmed text at the path; null when missing or empty. */
export function textAt(node: XmlNode | undefined, path: XmlPath): string | null {
  const found = at(node, path);
  if (!found) return null;
  const value = found.text.trim();
  return value === '' ? null : value;
}

/** The first path that has text. */
export function firstText(node: XmlNode | undefined, paths: readonly XmlPath[]): string | null {
  for (const path of paths) {
    const value = textAt(node, path);
    if (value !== null) return value;
  }
  return null;
}

export function childrenNamed(node: XmlNode | undefined, name: string): XmlNode[] {
  const out: XmlNode[] = [];
  if (node) for (const c of node.children) if (c.name === name) out.push(c);
  return out;
}
