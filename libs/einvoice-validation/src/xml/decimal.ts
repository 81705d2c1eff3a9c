/**
 * Exact decimal numbers as the rules compute them (XPath xs:decimal): amounts are compared without binary
 * floating-point error, and `round` rounds half towards positive infinity as XPath's round() does.
 */
export class Dec {
  private constructor(
    /** value = units / 10^scale */
    readonly units: bigint,
    readonly scale: number,
  ) {}

  static readonly ZERO = new Dec(0n, 0);

  static of(n: number | bigint): Dec {
    if (typeof n === 'bigint') return new Dec(n, 0);
    const parsed = Dec.parse(String(n));
    if (!parsed) throw new Error(`not a decimal: ${n}`);
    return parsed;
  }

  /** The xs:decimal lexical space after whitespace collapse: optional sign, digits, optional fraction. */
  static parse(text: string | undefined): Dec | undefined {
    if (text === undefined) return undefined;
    const m = /^[ \t\r\n]*([+-]?)(\d*)(?:\.(\d*))?[ \t\r\n]*$/.exec(text);
    if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
    const frac = m[3] ?? '';
    const units = BigInt(`${m[1] === '-' ? '-' : ''}${m[2] || '0'}${frac}`);
    return new Dec(units, frac.length);
  }

  private static align(a: Dec, b: Dec): [bigint, bigint, number] {
    const scale = Math.max(a.scale, b.scale);
    return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale];
  }

  plus(o: Dec): Dec {
    const [x, y, s] = Dec.align(this, o);
    return new Dec(x + y, s);
  }

  minus(o: Dec): Dec {
    const [x, y, s] = Dec.align(this, o);
    return new Dec(x - y, s);
  }

  times(o: Dec): Dec {
    return new Dec(this.units * o.units, this.scale + o.scale);
  }

  /** Exact division by a power of ten. */
  shift(decimals: number): Dec {
    return new Dec(this.units, this.scale + decimals);
  }

  abs(): Dec {
    return this.units < 0n ? new Dec(-this.units, this.scale) : this;
  }

  cmp(o: Dec): number {
    const [x, y] = Dec.align(this, o);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  eq(o: Dec): boolean {
    return this.cmp(o) === 0;
  }

  /** XPath round(): to the nearest integer, halves towards positive infinity. */
  round(): Dec {
    if (this.scale <= 0) return this;
    const f = 10n ** BigInt(this.scale);
    const twice = this.units * 2n + f; // floor((2u + f) / 2f) = floor(u/f + 1/2)
    const d = 2n * f;
    let q = twice / d;
    if (twice % d !== 0n && twice < 0n) q -= 1n;
    return new Dec(q, 0);
  }

  /** round(x * 100) div 100, the rules' rounding to two decimals. */
  round2(): Dec {
    return this.shift(-2).round().shift(2);
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  sign(): number {
    return this.units < 0n ? -1 : this.units > 0n ? 1 : 0;
  }

  toNumber(): number {
    return Number(this.toString());
  }

  toString(): string {
    if (this.scale <= 0) return (this.units * 10n ** BigInt(-this.scale)).toString();
    const neg = this.units < 0n;
    const digits = (neg ? -this.units : this.units).toString().padStart(this.scale + 1, '0');
    const int = digits.slice(0, digits.length - this.scale);
    const frac = digits.slice(digits.length - this.scale).replace(/0+$/, '');
    return `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
  }
}

export function sum(values: readonly (Dec | undefined)[]): Dec {
  return values.reduce<Dec>((acc, v) => (v ? acc.plus(v) : acc), Dec.ZERO);
}
