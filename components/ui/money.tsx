import { exactUsdTitle, formatUnitPrice, formatUsd } from "../format/money";

/** A total, limit or spend in dollars and cents; the exact four places on hover when cents hide them. */
export function Money({ amount, className }: { amount: string | number; className?: string }) {
  return (
    <span className={className} title={exactUsdTitle(amount)}>
      {formatUsd(amount)}
    </span>
  );
}

/** A per-segment price, four places. */
export function UnitPrice({ amount, className }: { amount: string | number; className?: string }) {
  return <span className={className}>{formatUnitPrice(amount)}</span>;
}
