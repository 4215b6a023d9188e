"use client";

import { useMemo } from "react";
import { getCountries } from "libphonenumber-js/max";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";
import { useCan } from "../dashboard/dashboard-context";

/** Every country with a numbering plan, by name ("United Kingdom (GB)"). */
function useCountryOptions() {
  return useMemo(() => {
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    return getCountries()
      .map((code) => ({ code, name: `${names.of(code) ?? code} (${code})` }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, []);
}

/**
 * The organization's default country: local numbers ("(415) 555-0177") in contacts and imports are
 * read in it. Those who manage contacts change it here; others see it.
 */
export function DefaultCountryField() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canManage = useCan("contacts.manage");
  const settings = useQuery(trpc.contacts.settings.queryOptions());
  const countries = useCountryOptions();
  const save = useMutation(
    trpc.contacts.updateSettings.mutationOptions({
      onSuccess: async (s) => {
        toast.success(s.defaultCountry ? `Local numbers are read in ${s.defaultCountry}.` : "Only +… numbers now.");
        await queryClient.invalidateQueries({ queryKey: trpc.contacts.settings.queryKey() });
      },
      onError: (err) => toastError(err),
    }),
  );
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
      <label htmlFor="default-country">Read local numbers such as (415) 555-0177 as</label>
      <select
        id="default-country"
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 disabled:bg-slate-50"
        disabled={!canManage || settings.isPending || save.isPending}
        value={settings.data?.defaultCountry ?? ""}
        onChange={(e) => save.mutate({ defaultCountry: e.target.value || null })}
      >
        <option value="">No country: +… numbers only</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
