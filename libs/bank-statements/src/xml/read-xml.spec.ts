import { readXml } from './read-xml';

const events = (xml: string) => {
  const seen: string[] = [];
  readXml(xml, {
    open: (name, attributes) => seen.push(`<${name}${attributes ? JSON.stringify(attributes) : ''}>`),
    text: (t) => seen.push(t),
    close: (name) => seen.push(`</${name}>`),
  });
  return seen;
};

describe('the XML reader of statement files', () => {
  it('reports elements without their prefix, attributes with a ">" in their value, entities and self-closing elements', () => {
    expect(events(`<?xml version="1.0"?>\n<a:Doc xmlns:a="urn:x" b='x>y'><a:Nm>A &amp; B &#x41;</a:Nm><Empty/></a:Doc>`)).toEqual([
      '<Doc{"xmlns:a":"urn:x","b":"x>y"}>',
      '<Nm>',
      'A & B A',
      '</Nm>',
      '<Empty>',
      '</Empty>',
      '</Doc>',
    ]);
  });

  it('refuses what is not well-formed, naming the line', () => {
    expect(() => events('<a>\n<b>\n</a>')).toThrow('Malformed XML at line 3: the end tag </a> does not close <b>.');
    expect(() => events('<a/>\n<b/>')).toThrow('Malformed XML at line 2: a second root element <b>.');
    expect(() => events('<a x=1/>')).toThrow('Malformed XML at line 1: the value of the attribute "x" of <a> is not quoted.');
    expect(() => events('<a>1 < 2</a>')).toThrow('Malformed XML at line 1: a "<" that starts no element (write &lt; in text).');
    expect(() => events('<a>&</a>')).toThrow('Malformed XML at line 1: "&" must start an entity such as &amp;.');
    expect(() => events('text')).toThrow('Malformed XML at line 1: text before the root element.');
    expect(() => events('')).toThrow('Malformed XML at line 1: the file has no root element.');
  });
});
