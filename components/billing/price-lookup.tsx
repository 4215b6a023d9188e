"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { CountryPrice } from "@/schemas/pricing";
import { useTRPC } from "../trpc/client";
import { Card, CardHeader } from "../ui/card";
import { Input, Textarea } from "../ui/input";
import { E164 } from "@/schemas/phone";
import { formatUnitPrice } from "../format/money";
import { searchCountries } from "./country-search";

/** What a country costs per segment, and what a given message would cost live. */
export function PriceLookup({ prices }: { prices: CountryPrice[] }) {
  const trpc = useTRPC();
  const [search, setSearch] = useState("");
  const [to, setTo] = useState("");
  const [body, setBody] = useState("");
  const q = search.trim();
  const matches = q ? searchCountries(prices, q).slice(0, 5) : [];
  const quote = useQuery({
    ...trpc.billing.quote.queryOptions({ to, body }),
    enabled: E164.test(to) && body.length > 0,
    retry: false,
  });
  return (
    <Card>
      <CardHeader
        title="Prices"
        description="Per outbound segment; a message costs its segments × its country's price."
      />
      <div className="space-y-4 px-5 py-4">
        <div>
          <Input
            placeholder="Country or code, e.g. Germany, UK"
            aria-label="Look up a country's price"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {matches.length > 0 ? (
            <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="price-matches">
              {matches.map((p) => (
                <li key={p.country} className="flex justify-between py-1.5">
                  <span>
                    {p.name} <span className="text-xs text-slate-400">{p.country}</span>
                  </span>
                  <span className="font-mono text-xs">{formatUnitPrice(p.pricePerSegment)}</span>
                </li>
              ))}
            </ul>
          ) : q ? (
            <p className="mt-2 text-sm text-slate-500">No country matches.</p>
          ) : null}
        </div>
        <div className="space-y-2 border-t border-slate-100 pt-4">
          <p className="text-sm font-medium text-slate-800">Quote a message</p>
          <Input
            placeholder="+14155550123"
            aria-label="Quote: recipient"
            value={to}
            onChange={(e) => setTo(e.target.value.trim())}
          />
          <Textarea
            rows={2}
            placeholder="Message text"
            aria-label="Quote: message"
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
          <p className="text-sm text-slate-600" data-testid="quote">
            {quote.data
              ? `${quote.data.segments} segment${quote.data.segments === 1 ? "" : "s"} (${quote.data.encoding}) × $${quote.data.pricePerSegment} = $${quote.data.price} live`
              : quote.isError
                ? "Not a valid number for its country."
                : "Type a number and a message to see what it costs live."}
          </p>
        </div>
      </div>
    </Card>
  );
}
