"use client";

import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Eye, EyeOff } from "lucide-react";
import { toast } from "sonner";
import type { WebhookView } from "@/schemas/webhooks";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";
import { useCan } from "../dashboard/dashboard-context";
import { CopyButton } from "../ui/copy-button";

/**
 * The webhook page's Signing item: the scheme, and for owners and admins the secret itself on
 * request, as Stripe's "Reveal" (each reveal is in the audit log), so a lost secret need not be
 * rotated. The secret stays in this component's state only, never in the query cache.
 */
export function SigningSecret({ webhook }: { webhook: WebhookView }) {
  const trpc = useTRPC();
  const canReveal = useCan("webhooks.revealSecret");
  const [shown, setShown] = useState<{ id: string; secret: string } | null>(null);
  const reveal = useMutation(
    trpc.webhooks.revealSecret.mutationOptions({
      onSuccess: ({ secret }) => {
        if (secret === null) toast.info("This webhook has no signing secret any more.");
        else setShown({ id: webhook.id, secret });
      },
      onError: (error) => toastError(error),
    }),
  );
  const secret = shown?.id === webhook.id && webhook.hasSecret ? shown.secret : null;

  if (!webhook.hasSecret) {
    return (
      <span data-testid="webhook-signing" className="text-amber-700">
        Unsigned
      </span>
    );
  }
  return (
    <span className="block min-w-0 space-y-1">
      <span data-testid="webhook-signing">HMAC-SHA256</span>
      {canReveal ? (
        secret ? (
          <span className="flex min-w-0 items-center gap-1.5">
            <code
              data-testid="revealed-secret"
              className="min-w-0 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[12px] break-all text-slate-800"
            >
              {secret}
            </code>
            <CopyButton value={secret} label="Copy secret" iconOnly />
            <button
              type="button"
              onClick={() => setShown(null)}
              aria-label="Hide secret"
              title="Hide secret"
              className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <EyeOff aria-hidden className="size-4" />
            </button>
          </span>
        ) : (
          <button
            type="button"
            disabled={reveal.isPending}
            onClick={() => reveal.mutate({ id: webhook.id })}
            title="Shows the signing secret; the audit log records who revealed it."
            className="inline-flex items-center gap-1 text-[13px] font-medium text-indigo-700 hover:text-indigo-900 disabled:opacity-60"
          >
            <Eye aria-hidden className="size-3.5" />
            {reveal.isPending ? "Revealing…" : "Reveal secret"}
          </button>
        )
      ) : null}
    </span>
  );
}
