"use client";

import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { E164 } from "@/schemas/phone";
import { useTRPC } from "../trpc/client";
import { useCan } from "../dashboard/dashboard-context";

/** What this test message would cost sent with a live key (for members who see billing). */
export function LiveCost({ to, body }: { to: string; body: string }) {
  const canRead = useCan("billing.read");
  return canRead ? <LiveCostQuote to={to} body={body} /> : null;
}

function LiveCostQuote({ to, body }: { to: string; body: string }) {
  const trpc = useTRPC();
  // Asked once typing pauses, not per keystroke.
  const [asked, setAsked] = useState({ to, body });
  useEffect(() => {
    const timer = setTimeout(() => setAsked({ to, body }), 400);
    return () => clearTimeout(timer);
  }, [to, body]);
  const quote = useQuery({
    ...trpc.billing.quote.queryOptions(asked),
    enabled: E164.test(asked.to) && asked.body.length > 0,
    retry: false,
  });
  if (!quote.data) return null;
  return (
    <p className="text-xs text-slate-500" data-testid="live-cost">
      Free in the sandbox; sent live it would cost{" "}
      <strong className="font-medium text-slate-700">${quote.data.price}</strong> ({quote.data.segments} × $
      {quote.data.pricePerSegment}, {quote.data.country ?? "unknown country"}).
    </p>
  );
}
