import { isolateBatch, type FailedItem } from "../isolation/isolate-batch";
import { reasonOf, type RunnerItem } from "../isolation/item-failure";
import { applyTransitions, type MessageStatus, type Transition } from "./transitions";

/** A message's errorCode when a runner set it aside: its own processing threw (logged under its reference). */
export const INTERNAL_ERROR_CODE = "internal_error";

export interface HeldMessage {
  id: string;
  organizationId: string;
  /** Its status now: the move to FAILED is fenced on it (and on the lease, when it holds one). */
  from: MessageStatus;
  lease?: Date;
}

export const messageItem =
  (runner: string) =>
  (m: HeldMessage): RunnerItem => ({ runner, kind: "message", id: m.id, organizationId: m.organizationId });

/**
 * Sets messages aside (server/isolation/): FAILED with `internal_error` and a message naming the
 * error reference, with their `message.failed` event, never billed, exactly as any FAILED message.
 */
export async function failSetAsideMessages(failed: readonly FailedItem<HeldMessage>[], now: Date): Promise<void> {
  await applyTransitions(
    null,
    failed.map(({ item, failure }) => ({
      organizationId: item.organizationId,
      messageId: item.id,
      from: item.from,
      to: "FAILED" as const,
      lease: item.lease,
      errorCode: INTERNAL_ERROR_CODE,
      errorMessage: reasonOf(failure, "An internal error stopped this message"),
    })),
    now,
  );
}

/**
 * A runner's batch of transitions (one statement), taken apart should a message's own fault make it
 * fail (server/isolation/): every other message moves, and the ones that fail on their own are set
 * aside. Returns the ids that moved.
 */
export async function applyTransitionsIsolated(
  runner: string,
  transitions: readonly Transition[],
  now: Date,
): Promise<string[]> {
  const moved: string[] = [];
  await isolateBatch<Transition & HeldMessage>({
    items: transitions.map((t) => ({ ...t, id: t.messageId })),
    describe: messageItem(runner),
    work: async (part) => void moved.push(...(await applyTransitions(null, part, now))),
    setAside: (failed) => failSetAsideMessages(failed, now),
  });
  return moved;
}
