import { normalizeSpace, xmlNumber, xmlTrim } from './space';

describe('XML white space', () => {
  it('trims only space, tab, carriage return and line feed', () => {
    expect(xmlTrim(' \t\r\nDE \n')).toBe('DE');
    expect(xmlTrim('\u00a0')).toBe('\u00a0');
    expect(xmlTrim('\u2009DE\u3000')).toBe('\u2009DE\u3000');
  });

  it('normalises runs of XML white space to one space and keeps other spaces as characters', () => {
    expect(normalizeSpace('  a \t\n b  ')).toBe('a b');
    expect(normalizeSpace('a\u00a0b')).toBe('a\u00a0b');
    expect(normalizeSpace('\u00a0')).not.toBe('');
  });

  it('reads a number as XPath does: XML white space around it, exponents and INF, nothing else', () => {
    expect(xmlNumber(' 12.50\n')).toBe(12.5);
    expect(xmlNumber('1e3')).toBe(1000);
    expect(xmlNumber('-INF')).toBe(-Infinity);
    expect(xmlNumber('\u00a012')).toBeNaN();
    expect(xmlNumber('0x10')).toBeNaN();
    expect(xmlNumber('')).toBeNaN();
    expect(xmlNumber('1,5')).toBeNaN();
  });
});
