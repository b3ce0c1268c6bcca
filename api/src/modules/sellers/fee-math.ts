/** Platform fee arithmetic in whole cents (pure; unit-tested in fee-math.spec.ts). */

export const FEE_PERCENT_MIN = 0;
export const FEE_PERCENT_MAX = 50;
export const DEFAULT_FEE_PERCENT = 10;

/** The percent in hundredths (10.25 % → 1025), so the fee is computed with integers only. */
function hundredths(percent: number): number {
  return Math.round(percent * 100);
}

/** The fee of a sale, rounded half-up to the cent; the net is gross − fee. */
export function splitSale(grossCents: number, feePercent: number): { feeCents: number; netCents: number } {
  if (!Number.isInteger(grossCents) || grossCents < 0) throw new Error(`Invalid gross amount ${grossCents}`);
  if (!(feePercent >= 0 && feePercent <= 100)) throw new Error(`Invalid fee percent ${feePercent}`);
  // gross × percent / 100, with percent in hundredths: divide by 10 000, rounding .5 up.
  const feeCents = Math.floor((grossCents * hundredths(feePercent) + 5000) / 10000);
  return { feeCents, netCents: grossCents - feeCents };
}

/** Why a fee percent is not acceptable, or null (0–50, at most two decimals). */
export function feePercentProblem(value: number): string | null {
  if (!Number.isFinite(value) || value < FEE_PERCENT_MIN || value > FEE_PERCENT_MAX) {
    return `The platform fee must be between ${FEE_PERCENT_MIN} and ${FEE_PERCENT_MAX} percent`;
  }
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) {
    return 'The platform fee can have at most two decimals';
  }
  return null;
}
