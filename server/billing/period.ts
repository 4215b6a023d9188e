/** A UTC calendar month: billing's period (contract §8). `end` is the next month's first instant. */
export interface BillingPeriod {
  start: Date;
  end: Date;
}

export function monthOf(at: Date): BillingPeriod {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end };
}
