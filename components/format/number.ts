// Counts as the dashboard shows them (issue 30's rule for money and times, applied to numbers):
// grouped the same way whatever the browser's language ("41,250"), so the server's render and the
// browser's agree and every page reads alike. Client-safe, no React.

const COUNT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** A whole count: "41,250". */
export function formatCount(n: number): string {
  return COUNT.format(n);
}
