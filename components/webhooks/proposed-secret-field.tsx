"use client";

import { RefreshCw, X } from "lucide-react";
import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
import { Field, Input } from "../ui/input";
import { generateSecret } from "./webhook-request";

/**
 * The create form's signing secret: one is generated when the form opens (the safe default), and
 * can be copied, replaced by a new one or by the user's own, or cleared for an unsigned webhook.
 */
export function ProposedSecretField({
  secret,
  onChange,
  error,
}: {
  secret: string;
  onChange: (secret: string) => void;
  error?: string;
}) {
  const hint = secret ? (
    <>
      Every delivery is signed with it in the <code className="font-mono">X-Webhook-Signature</code> header. Copy it for
      your endpoint: it is shown once more after creation, then never again. You may paste your own (16 characters or
      more) instead.
    </>
  ) : (
    <span className="text-amber-700" data-testid="unsigned-warning">
      Without a secret, deliveries carry no signature, so your endpoint cannot tell them from forgeries. Generate one,
      or add one later from Edit.
    </span>
  );
  return (
    <Field label="Signing secret" aside="Recommended" error={error} hint={hint}>
      {(p) => (
        <div className="flex items-center gap-2">
          <Input
            {...p}
            name="secret"
            autoComplete="off"
            spellCheck={false}
            maxLength={256}
            value={secret}
            onChange={(e) => onChange(e.target.value)}
            placeholder="None: deliveries will be unsigned"
            className="min-w-0 flex-1 font-mono text-[13px]"
          />
          {secret ? <CopyButton value={secret} label="Copy" /> : null}
          <Button variant="secondary" size="sm" onClick={() => onChange(generateSecret())}>
            <RefreshCw aria-hidden className="size-3.5" />
            Generate
          </Button>
          {secret ? (
            <Button variant="ghost" size="sm" onClick={() => onChange("")}>
              <X aria-hidden className="size-3.5" />
              Clear
            </Button>
          ) : null}
        </div>
      )}
    </Field>
  );
}
