"use client";

import { useId, useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { z } from "zod";
import { updateRateLimitsInput, type RateLimitConfig, type UpdateRateLimitsInput } from "@/schemas/rate-limits";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/dialog";
import { Field, Input } from "../ui/input";
import { useTRPC } from "../trpc/client";
import { fieldErrors } from "../trpc/errors";
import { FormError } from "../ui/form-dialog";
import { useDashboard } from "../dashboard/dashboard-context";
import { Switch } from "./switch";

const FIELDS = [
  { name: "perMinute", label: "Requests per minute" },
  { name: "perHour", label: "Requests per hour" },
  { name: "perDay", label: "Requests per day" },
] as const;
type NumberField = (typeof FIELDS)[number]["name"];

interface FormValues {
  perMinute: string;
  perHour: string;
  perDay: string;
  enabled: boolean;
}

function toValues(config: Pick<RateLimitConfig, NumberField | "enabled">): FormValues {
  return {
    perMinute: String(config.perMinute),
    perHour: String(config.perHour),
    perDay: String(config.perDay),
    enabled: config.enabled,
  };
}

const key = (v: FormValues) => `${v.perMinute}|${v.perHour}|${v.perDay}|${v.enabled}`;

/**
 * Only the changed fields, checked with the schema the server uses. The ordering rule
 * (perMinute <= perHour <= perDay) is the server's: its answer lands on the fields by path.
 */
function validate(
  values: FormValues,
  base: FormValues,
): { input: UpdateRateLimitsInput } | { errors: Record<string, string> } {
  const raw: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const { name } of FIELDS) {
    const text = values[name].trim();
    if (text === "") errors[name] = "Enter a number.";
    else if (text !== base[name]) raw[name] = Number(text);
  }
  if (values.enabled !== base.enabled) raw.enabled = values.enabled;
  const parsed = updateRateLimitsInput.safeParse(raw);
  if (!parsed.success) {
    const flat = z.flattenError(parsed.error).fieldErrors as Record<string, string[] | undefined>;
    for (const [field, messages] of Object.entries(flat)) {
      if (messages?.[0] && !errors[field]) errors[field] = messages[0];
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { input: parsed.data };
}

export function LimitsForm({ config }: { config: RateLimitConfig }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { organization } = useDashboard();
  const server = toValues(config);
  const [base, setBase] = useState(server);
  const [values, setValues] = useState(server);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmingDisable, setConfirmingDisable] = useState<UpdateRateLimitsInput | null>(null);
  const enabledHintId = useId();

  // Someone changed the limits elsewhere (or we just saved): follow the server unless the user
  // is in the middle of an edit.
  if (key(server) !== key(base) && (key(values) === key(base) || key(values) === key(server))) {
    setBase(server);
    setValues(server);
  }
  const dirty = key(values) !== key(base);

  const update = useMutation(
    trpc.rateLimits.update.mutationOptions({
      onSuccess: async (saved) => {
        setConfirmingDisable(null);
        setErrors({});
        queryClient.setQueryData(trpc.rateLimits.usage.queryKey(), (old) => (old ? { ...old, config: saved } : old));
        toast.success(
          saved.enabled
            ? `Rate limits saved: ${saved.perMinute.toLocaleString("en-US")}/min, ${saved.perHour.toLocaleString("en-US")}/h, ${saved.perDay.toLocaleString("en-US")}/day`
            : "Rate limiting is off",
        );
        await queryClient.invalidateQueries({ queryKey: trpc.rateLimits.usage.queryKey() });
      },
      onError: (error) => {
        setConfirmingDisable(null);
        setErrors(fieldErrors(error));
      },
    }),
  );

  function change(patch: Partial<FormValues>) {
    setValues((v) => ({ ...v, ...patch }));
    // An answer about a field no longer applies once the field changes.
    setErrors((e) => {
      const next = { ...e };
      for (const field of Object.keys(patch)) delete next[field];
      return next;
    });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const result = validate(values, base);
    if ("errors" in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (result.input.enabled === false) {
      setConfirmingDisable(result.input);
      return;
    }
    update.mutate(result.input);
  }

  function reset() {
    setValues(base);
    setErrors({});
    update.reset();
  }

  return (
    <Card>
      <CardHeader title="Settings" description={`Caps for all API traffic of ${organization.name}.`} />
      <form onSubmit={submit} noValidate aria-label="Rate limit settings" className="space-y-4 px-5 py-4">
        <FormError error={update.error} />
        <div className="flex items-start justify-between gap-4 rounded-md bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200 ring-inset">
          <div>
            <p className="text-sm font-medium text-slate-800">Rate limiting</p>
            <p id={enabledHintId} className="text-xs text-slate-500">
              {values.enabled ? "On: requests over a limit get 429." : "Off: nothing is limited or counted."}
            </p>
          </div>
          <Switch
            checked={values.enabled}
            onChange={(enabled) => change({ enabled })}
            label="Rate limiting"
            describedBy={enabledHintId}
          />
        </div>
        {FIELDS.map(({ name, label }) => (
          <Field key={name} label={label} error={errors[name]}>
            {(p) => (
              <Input
                {...p}
                name={name}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={values[name]}
                onChange={(e) => change({ [name]: e.target.value })}
                className="tabular-nums"
              />
            )}
          </Field>
        ))}
        <p className="text-xs text-slate-500">Each must be at most the next: per minute ≤ per hour ≤ per day.</p>
        <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
          <Button variant="secondary" disabled={!dirty || update.isPending} onClick={reset}>
            Reset
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!dirty}>
            Save changes
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmingDisable !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmingDisable(null);
        }}
        title="Turn off rate limiting?"
        description={
          <div className="space-y-2">
            <p>
              No request of <strong className="font-medium text-slate-900">{organization.name}</strong> will be limited
              or counted: the organization caps and the per-endpoint limits (such as 10 bulk SMS per minute) are all
              lifted, and responses stop carrying X-RateLimit-* headers.
            </p>
            <p>
              A runaway script or a leaked API key could then send as many messages as it likes, and every one is
              billed. You can turn limits back on here at any time.
            </p>
          </div>
        }
        confirmLabel="Turn off rate limiting"
        pending={update.isPending}
        onConfirm={() => confirmingDisable && update.mutate(confirmingDisable)}
      />
    </Card>
  );
}
