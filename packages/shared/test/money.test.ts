import { describe, expect, it } from 'vitest';
import {
  bpsOf, discountPercent, formatPaise, formatRupees, isWholePaise, paiseFromDecimal, paiseToDecimal, paiseToRupees, rupeesToPaise, shareOf, splitPaise, sumPaise, timesQuantity,
} from '../src/money.ts';

describe('formatRupees', () => {
  it('groups digits the Indian way (lakhs and crores), short for whole rupees when asked', () => {
    expect(formatRupees(100000, { wholeRupees: 'short' })).toBe('₹1,00,000');
    expect(formatRupees(12345678, { wholeRupees: 'short' })).toBe('₹1,23,45,678');
    expect(formatRupees(55.75, { wholeRupees: 'short' })).toBe('₹55.75');
  });
  it('shows paise by default, always two digits', () => {
    expect(formatRupees(1499)).toBe('₹1,499.00');
    expect(formatRupees(0.5)).toBe('₹0.50');
  });
  it('refuses a fraction of a paisa instead of rounding it away', () => {
    expect(() => formatRupees(499.605)).toThrow(RangeError);
  });
});

describe('rupees and paise', () => {
  it('converts rupees with up to two decimals to whole paise without float error', () => {
    expect(rupeesToPaise(1499)).toBe(149900);
    expect(rupeesToPaise(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(-12.5)).toBe(-1250);
  });
  it('refuses what is not an amount', () => {
    expect(() => rupeesToPaise(55.755)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.NaN)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
  it('tells whether rupees typed in a form are a whole number of paise', () => {
    expect(isWholePaise(55.75)).toBe(true);
    expect(isWholePaise(0.29)).toBe(true);
    expect(isWholePaise(55.755)).toBe(false);
    expect(isWholePaise(Number.NaN)).toBe(false);
  });
  it('reads paise from a number, a bigint column or its numeric string', () => {
    expect(paiseToRupees(149900)).toBe(1499);
    expect(paiseToRupees(29n)).toBe(0.29);
    expect(paiseToRupees('1250')).toBe(12.5);
    expect(() => paiseToRupees('12.5')).toThrow(RangeError);
    expect(() => paiseToRupees('abc')).toThrow(RangeError);
  });
  it('round-trips every paisa amount up to ₹10,000', () => {
    for (let p = 0; p <= 1_000_000; p += 7) expect(rupeesToPaise(paiseToRupees(p))).toBe(p);
  }, 30_000); // 142,858 expectations: about 4 s alone, more on a loaded machine
});

describe('discountPercent', () => {
  it('is the rounded share off the MRP', () => {
    expect(discountPercent(450, 500)).toBe(10);
    expect(discountPercent(333, 1000)).toBe(67);
  });
  it('is null without a real discount', () => {
    expect(discountPercent(500, 500)).toBeNull();
    expect(discountPercent(550, 500)).toBeNull();
    expect(discountPercent(500, null)).toBeNull();
  });
});

describe('rupeesToPaise refuses what is not a whole count of paise', () => {
  it('refuses a third decimal instead of rounding it away', () => {
    expect(() => rupeesToPaise(0.125)).toThrow(RangeError);
    expect(() => rupeesToPaise(19.999)).toThrow(RangeError);
    expect(rupeesToPaise(333.33)).toBe(33333);
  });
});

describe('decimal strings (the numeric(12,2) columns) and paise', () => {
  it('parses digit by digit, with or without the paise', () => {
    expect(paiseFromDecimal('1499.00')).toBe(149900);
    expect(paiseFromDecimal('0.29')).toBe(29);
    expect(paiseFromDecimal('19.9')).toBe(1990);
    expect(paiseFromDecimal('7')).toBe(700);
    expect(paiseFromDecimal('-0.50')).toBe(-50);
    expect(paiseFromDecimal('9999999999.99')).toBe(999_999_999_999);
  });
  it('refuses a third decimal, an exponent, blanks, signs other than a leading minus, and more than a safe integer', () => {
    for (const bad of ['1.234', '1e3', '', ' 12.00', '12.00 ', '+5', '.5', '5.', 'NaN', 'Infinity', '1,000.00', '99999999999999999.00']) {
      expect(() => paiseFromDecimal(bad), bad).toThrow(RangeError);
    }
  });
  it('writes paise back as the column\'s decimal string, exactly', () => {
    expect(paiseToDecimal(149950)).toBe('1499.50');
    expect(paiseToDecimal(5)).toBe('0.05');
    expect(paiseToDecimal(-5)).toBe('-0.05');
    expect(paiseToDecimal(0)).toBe('0.00');
    expect(paiseToDecimal(999_999_999_999)).toBe('9999999999.99');
    expect(() => paiseToDecimal(0.5)).toThrow(RangeError);
  });
  it('answers a paise column as the rupees the public calls carry, the same number the decimal text gives', () => {
    expect(paiseToRupees(149_950)).toBe(1499.5);
    expect(paiseToRupees(29)).toBe(0.29);
    const differing: number[] = [];
    for (let p = 0; p <= 1_000_000; p += 11) if (paiseToRupees(p) !== Number(paiseToDecimal(p))) differing.push(p);
    expect(differing).toEqual([]);
    expect(() => paiseToRupees(12.5)).toThrow(RangeError);
  });
  it('round-trips every decimal string of paise', () => {
    const lost: number[] = [];
    for (let p = -10_000; p <= 1_000_000; p += 13) if (paiseFromDecimal(paiseToDecimal(p)) !== p) lost.push(p);
    expect(lost).toEqual([]);
  });
});

describe('formatPaise', () => {
  it('shows Indian grouping and always two digits of paise', () => {
    expect(formatPaise(12_345_650)).toBe('₹1,23,456.50');
    expect(formatPaise(1_234_567_850)).toBe('₹1,23,45,678.50');
    expect(formatPaise(99_900)).toBe('₹999.00');
    expect(formatPaise(5)).toBe('₹0.05');
    expect(formatPaise(-59_000)).toBe('-₹590.00');
  });
  it('matches the en-IN currency format the mails used before', () => {
    const enIN = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const p of [0, 1, 99, 100_000, 12_345_678, 999_999_999_999]) expect(formatPaise(p)).toBe(enIN.format(p / 100));
  });
  it('can leave .00 off a whole amount, never off paise', () => {
    expect(formatPaise(150_000, { wholeRupees: 'short' })).toBe('₹1,500');
    expect(formatPaise(150_050, { wholeRupees: 'short' })).toBe('₹1,500.50');
  });
});

describe('arithmetic in paise', () => {
  it('sums and multiplies exactly where floating rupees drift', () => {
    // In floating rupees 0.1 + 0.2 is 0.30000000000000004, 1.15 × 3 is 3.4499999999999997 and 19.99 × 7 is 139.92999999999998.
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumPaise([10, 20])).toBe(30);
    expect(1.15 * 3).not.toBe(3.45);
    expect(paiseToRupees(timesQuantity(rupeesToPaise(1.15), 3))).toBe(3.45);
    expect(paiseToRupees(timesQuantity(rupeesToPaise(333.33), 3))).toBe(999.99);
    expect(19.99 * 7).not.toBe(139.93);
    expect(paiseToRupees(timesQuantity(rupeesToPaise(19.99), 7))).toBe(139.93);
    expect(paiseToDecimal(timesQuantity(paiseFromDecimal('9999.99'), 999))).toBe('9989990.01');
    expect(sumPaise([])).toBe(0);
  });
  it('refuses fractions of a paisa, negative or fractional quantities and overflow', () => {
    expect(() => sumPaise([1, 0.5])).toThrow(RangeError);
    expect(() => timesQuantity(100, -1)).toThrow(RangeError);
    expect(() => timesQuantity(100, 1.5)).toThrow(RangeError);
    expect(() => timesQuantity(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
    expect(() => sumPaise([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});

describe('bpsOf: a rate in basis points, half up', () => {
  it('rounds an exact half paisa up, and anything below it down', () => {
    expect(bpsOf(33_333, 750)).toBe(2500); // 2499.975
    expect(bpsOf(50, 100)).toBe(1); // 0.5 paise
    expect(bpsOf(49, 100)).toBe(0); // 0.49 paise
    expect(bpsOf(100_000, 10_000)).toBe(100_000);
    expect(bpsOf(999_999_999_999, 1)).toBe(100_000_000); // 99999999.9999
    expect(bpsOf(0, 750)).toBe(0);
  });
  it('refuses negative amounts and rates, and fractional basis points', () => {
    expect(() => bpsOf(-100, 750)).toThrow(RangeError);
    expect(() => bpsOf(100, -1)).toThrow(RangeError);
    expect(() => bpsOf(100, 7.5)).toThrow(RangeError);
  });
});

describe('shares and splits', () => {
  it('shareOf is the half-up share of a part', () => {
    expect(shareOf(10_000, 1, 3)).toBe(3333);
    expect(shareOf(10_000, 2, 3)).toBe(6667);
    expect(shareOf(1, 1, 2)).toBe(1); // half a paisa rounds up
    expect(shareOf(500, 0, 0)).toBe(0);
    expect(() => shareOf(-1, 1, 2)).toThrow(RangeError);
  });
  it('splitPaise always adds up to the amount, largest remainders first, the earlier part on a tie', () => {
    expect(splitPaise(10_000, [1, 1, 1])).toEqual([3334, 3333, 3333]);
    expect(splitPaise(100, [1, 1])).toEqual([50, 50]);
    expect(splitPaise(1, [1, 1])).toEqual([1, 0]);
    expect(splitPaise(1000, [0, 5, 0])).toEqual([0, 1000, 0]);
    expect(splitPaise(0, [0, 0])).toEqual([0, 0]);
    expect(() => splitPaise(1, [0, 0])).toThrow(RangeError);
    expect(() => splitPaise(100, [1, -1])).toThrow(RangeError);
  });
  it('splits every amount by awkward weights exactly, and agrees with shareOf for two parts', () => {
    const weights = [33_333, 19_99, 1, 70_000];
    const wrong: number[] = [];
    for (let amount = 0; amount <= 20_000; amount += 37) {
      const [a, b] = splitPaise(amount, [weights[0]!, weights[1]!]);
      const addsUp = sumPaise(splitPaise(amount, weights)) === amount && a! + b! === amount;
      if (!addsUp || a !== shareOf(amount, weights[0]!, weights[0]! + weights[1]!)) wrong.push(amount);
    }
    expect(wrong).toEqual([]);
  });
});
