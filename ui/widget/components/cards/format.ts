import { madeOnce } from '../../format';

const priceFormatter = madeOnce((locale, currency: string) =>
  currency
    ? new Intl.NumberFormat(locale, { style: 'currency', currency })
    : new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 }),
);

/**
 * A price in `currency` (an ISO 4217 code: its symbol and decimals in `locale`, "€129.90" in en,
 * "129,90 €" in de), or the plain number when there is none or Intl does not know it.
 */
export function formatPrice(amount: number, currency: string | undefined, locale: string): string {
  try {
    return priceFormatter(locale, currency ?? '').format(amount);
  } catch {
    return priceFormatter(locale, '').format(amount);
  }
}

/** A count (a quantity): up to two decimals, in `locale`'s digits. */
export function formatCount(value: number, locale: string): string {
  return priceFormatter(locale, '').format(value);
}
