"use client";

import { useMemo, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BillingView } from "@/schemas/billing";
import type { CountryPrice } from "@/schemas/pricing";
import { useTRPC } from "../trpc/client";
import { ErrorText } from "../trpc/error-notice";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/dialog";
import { Input } from "../ui/input";
import { formatUnitPrice } from "../format/money";
import { searchCountries } from "./country-search";

/** Where messages may go (sandbox and live): every country, or a chosen list. */
export function CountriesCard({
  billing,
  prices,
  canManage,
}: {
  billing: BillingView;
  prices: CountryPrice[];
  canManage: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [all, setAll] = useState(billing.allowedCountries === null);
  const [chosen, setChosen] = useState<Set<string>>(new Set(billing.allowedCountries ?? []));
  const [search, setSearch] = useState("");
  const [confirm, setConfirm] = useState(false);
  const update = useMutation(
    trpc.billing.update.mutationOptions({
      onSuccess: async () => {
        setConfirm(false);
        await queryClient.invalidateQueries({ queryKey: trpc.billing.get.queryKey() });
      },
    }),
  );
  const shown = useMemo(() => {
    const found = searchCountries(prices, search);
    // The saved choice first, so a restricted list shows what it allows at a glance.
    const saved = new Set(billing.allowedCountries ?? []);
    return [...found.filter((p) => saved.has(p.country)), ...found.filter((p) => !saved.has(p.country))];
  }, [prices, search, billing.allowedCountries]);
  const save = () => update.mutate({ allowedCountries: all ? null : [...chosen].sort() });
  const restricting = !all && billing.allowedCountries === null;

  return (
    <Card>
      <CardHeader
        title="Allowed countries"
        description="Messages to other countries are refused with 400 country_not_allowed, in the sandbox and live alike."
      />
      <div className="space-y-3 px-5 py-4">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={all}
            disabled={!canManage}
            onChange={(e) => setAll(e.target.checked)}
            className="size-4 rounded border-slate-300"
          />
          All countries
        </label>
        {!all ? (
          <>
            <div className="flex items-center gap-3">
              <Input
                placeholder="Search by name or code, e.g. UK"
                aria-label="Search countries"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
              <span className="shrink-0 text-sm text-slate-500" data-testid="countries-count">
                {chosen.size} of {prices.length} countries
              </span>
            </div>
            <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
              {shown.map((p) => (
                <li key={p.country}>
                  <label className="flex items-center gap-3 px-3 py-1.5 text-sm hover:bg-slate-50">
                    <input
                      type="checkbox"
                      disabled={!canManage}
                      checked={chosen.has(p.country)}
                      onChange={(e) => {
                        const next = new Set(chosen);
                        if (e.target.checked) next.add(p.country);
                        else next.delete(p.country);
                        setChosen(next);
                      }}
                      className="size-4 rounded border-slate-300"
                    />
                    <span className="flex-1 text-slate-800">{p.name}</span>
                    <span className="font-mono text-xs text-slate-400">{p.country}</span>
                    <span className="w-20 text-right font-mono text-xs text-slate-600">
                      {formatUnitPrice(p.pricePerSegment)}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {update.isError ? <ErrorText error={update.error} className="text-sm text-red-600" /> : null}
        {canManage ? (
          <Button
            disabled={!all && chosen.size === 0}
            loading={update.isPending && !confirm}
            onClick={() => (restricting ? setConfirm(true) : save())}
          >
            Save countries
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        tone="primary"
        title="Restrict where messages go?"
        description={`Only ${chosen.size} ${chosen.size === 1 ? "country" : "countries"} will accept messages; sends to any other are refused at once, sandbox included.`}
        confirmLabel="Restrict countries"
        pending={update.isPending}
        onConfirm={save}
      />
    </Card>
  );
}
