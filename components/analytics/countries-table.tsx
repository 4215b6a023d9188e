import type { MessageAnalytics } from "@/schemas/analytics";
import { count, countryName, percent } from "./format";
import { Money } from "../ui/money";

interface CountryTotal {
  country: string;
  sent: number;
  delivered: number;
  failed: number;
  deliveryRate: number | null;
  price: string;
}

/** Per-country totals of a `groupBy=country` answer, the largest first (at most `limit`). */
export function countryTotals(series: MessageAnalytics["series"], limit = 10): CountryTotal[] {
  const byCountry = new Map<
    string,
    { sent: number; delivered: number; undelivered: number; failed: number; units: number }
  >();
  for (const p of series) {
    const c = byCountry.get(p.country ?? "") ?? { sent: 0, delivered: 0, undelivered: 0, failed: 0, units: 0 };
    c.sent += p.sent;
    c.delivered += p.delivered;
    c.undelivered += p.undelivered;
    c.failed += p.failed;
    c.units += Number(p.price.replace(".", ""));
    byCountry.set(p.country ?? "", c);
  }
  return [...byCountry.entries()]
    .filter(([, c]) => c.sent > 0)
    .sort((a, b) => b[1].sent - a[1].sent)
    .slice(0, limit)
    .map(([country, c]) => {
      const final = c.delivered + c.undelivered + c.failed;
      return {
        country,
        sent: c.sent,
        delivered: c.delivered,
        failed: c.failed,
        deliveryRate: final === 0 ? null : c.delivered / final,
        price: `${Math.floor(c.units / 10_000)}.${String(c.units % 10_000).padStart(4, "0")}`,
      };
    });
}

export function CountriesTable({ rows }: { rows: CountryTotal[] }) {
  return (
    <table className="w-full text-sm" data-testid="top-countries">
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
          <th className="px-5 py-2 max-sm:pl-4">Country</th>
          <th className="px-3 py-2 text-right">Sent</th>
          {/* A phone has room for four columns: the rate says how many were delivered. */}
          <th className="px-3 py-2 text-right max-sm:hidden">Delivered</th>
          <th className="px-3 py-2 text-right">
            <span className="max-sm:hidden">Delivery rate</span>
            <span className="sm:hidden">Rate</span>
          </th>
          <th className="px-5 py-2 text-right max-sm:pl-2">Spend</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((r) => (
          <tr key={r.country}>
            <td className="px-5 py-2.5 text-slate-800 max-sm:pl-4">
              {countryName(r.country)} <span className="text-xs text-slate-400">{r.country}</span>
            </td>
            <td className="px-3 py-2.5 text-right tabular-nums">{count.format(r.sent)}</td>
            <td className="px-3 py-2.5 text-right tabular-nums max-sm:hidden">{count.format(r.delivered)}</td>
            <td className="px-3 py-2.5 text-right tabular-nums">{percent(r.deliveryRate)}</td>
            <td className="px-5 py-2.5 text-right font-mono text-xs tabular-nums max-sm:pl-2">
              <Money amount={r.price} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
