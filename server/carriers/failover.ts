import type { Carrier, CarrierState, OutboundMessage, SubmitResult } from "./types";

/**
 * Several providers in order (`SMS_PROVIDER=smpp,twilio`): each message goes to the first, and a
 * message the first definitely did not take (not connected, throttled, 5xx: a "retry" without
 * `maybeTaken`) goes to the next one in the same hand-off. A message that may have been taken (a
 * request written and never answered) stays with that provider: the pipeline pins it there
 * (`pinnedProvider`), so it is never accepted by two providers. Every result names its provider.
 */
export class FailoverCarrier implements Carrier {
  readonly name: string;

  constructor(private readonly providers: readonly Carrier[]) {
    if (providers.length === 0) throw new Error("FailoverCarrier needs at least one provider.");
    this.name = providers[0]!.name;
  }

  describe(): CarrierState[] {
    return this.providers.flatMap((p) => p.describe?.() ?? []);
  }

  async submit(messages: readonly OutboundMessage[]): Promise<SubmitResult[]> {
    const results = new Map<string, SubmitResult>();
    let remaining = messages;
    for (const [index, provider] of this.providers.entries()) {
      const isLast = index === this.providers.length - 1;
      const mine = remaining.filter((m) => !m.pinnedProvider || m.pinnedProvider === provider.name);
      if (mine.length === 0) continue;
      const answers = await submitOrRetry(provider, mine);
      const byId = new Map(mine.map((m) => [m.id, m]));
      const passed = new Set<string>();
      for (const answer of answers) {
        const message = byId.get(answer.messageId);
        if (!message) continue;
        byId.delete(answer.messageId);
        const movable = answer.outcome === "retry" && !answer.maybeTaken && !message.pinnedProvider && !isLast;
        if (movable) passed.add(answer.messageId);
        // A refusal passed on is still remembered: if no later provider answers, it stands.
        results.set(answer.messageId, { ...answer, provider: provider.name });
      }
      // No answer at all: not known whether the provider took it, so it stays with this provider.
      for (const m of byId.values()) {
        results.set(m.id, {
          messageId: m.id,
          outcome: "retry",
          errorMessage: `${provider.name} gave no answer for this message.`,
          maybeTaken: true,
          provider: provider.name,
        });
      }
      remaining = remaining.filter((m) => !results.has(m.id) || passed.has(m.id));
    }
    return messages.map(
      (m) =>
        results.get(m.id) ?? {
          messageId: m.id,
          outcome: "retry",
          errorMessage: m.pinnedProvider
            ? `The message may already be with ${m.pinnedProvider}, which is not configured any more.`
            : "No provider answered for this message.",
        },
    );
  }
}

/** A provider that throws answers "retry" for the batch (definitely not taken: it never got far enough to say). */
async function submitOrRetry(provider: Carrier, batch: readonly OutboundMessage[]): Promise<SubmitResult[]> {
  try {
    return await provider.submit(batch);
  } catch (err) {
    return batch.map((m) => ({ messageId: m.id, outcome: "retry", errorMessage: (err as Error).message }));
  }
}
