"use client";

import { FRAUD_THRESHOLDS, type FraudLevel } from "@/schemas/fraud-guard";
import { Card, CardBody, CardHeader } from "../ui/card";
import { cn } from "../ui/cn";
import { useUpdateFraudGuard } from "./use-update-fraud-guard";

const LEVELS: { id: FraudLevel; label: string; text: string }[] = [
  {
    id: "standard",
    label: "Standard (recommended)",
    text: `Blocks a prefix after ${FRAUD_THRESHOLDS.standard.minSends} codes in an hour with under ${FRAUD_THRESHOLDS.standard.minConversion * 100} % verified.`,
  },
  {
    id: "strict",
    label: "Strict",
    text: `Blocks after ${FRAUD_THRESHOLDS.strict.minSends} codes in an hour with under ${FRAUD_THRESHOLDS.strict.minConversion * 100} % verified. For low, steady OTP traffic.`,
  },
  { id: "off", label: "Off", text: "Never blocks. Pumped codes are sent and billed up to your spend limit." },
];

export function FraudLevelCard({ level, canManage }: { level: FraudLevel; canManage: boolean }) {
  const update = useUpdateFraudGuard("Fraud guard level saved");
  return (
    <Card>
      <CardHeader
        title="Protection level"
        description="Ranges are the number without its last 4 digits, watched per environment over the last hour."
      />
      <CardBody>
        <fieldset disabled={!canManage || update.isPending} className="space-y-2" aria-label="Protection level">
          {LEVELS.map((l) => (
            <label
              key={l.id}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm",
                level === l.id ? "border-indigo-300 bg-indigo-50/60" : "border-slate-200 hover:bg-slate-50",
              )}
            >
              <input
                type="radio"
                name="fraud-level"
                value={l.id}
                checked={level === l.id}
                onChange={() => update.mutate({ level: l.id })}
                className="mt-1 accent-indigo-600"
              />
              <span>
                <span className="font-medium text-slate-900">{l.label}</span>
                <span className="block text-slate-500">{l.text}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {!canManage ? <p className="mt-3 text-xs text-slate-500">Only owners and admins change the level.</p> : null}
      </CardBody>
    </Card>
  );
}
