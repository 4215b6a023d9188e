import { newId } from "../ids";
import { logger } from "../logger";

/**
 * One unit of a shared runner's work: a campaign, a message, an import, a delivery… `runner` and
 * `kind` name where it failed in the log; `organizationId` says whose it was.
 */
export interface RunnerItem {
  runner: string;
  kind: string;
  id: string;
  organizationId?: string | null;
}

/** An item's failure, as its visible state records it. */
export interface ItemFailure {
  /**
   * "err_…": stored with the item (a campaign's errorReference, a message's or an import's reason)
   * and logged with the stack, so support can go from what a customer sees to the cause.
   */
  reference: string;
  /** The error's message (never the stack): what the item's reason says. */
  message: string;
}

/** The error's message on one line, at most 300 characters (Prisma's run over several). */
export function errorMessageOf(err: unknown): string {
  const message = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, " ").trim();
  return message.length > 300 ? `${message.slice(0, 299)}…` : message;
}

/**
 * Records an item's failure: one `error` log line with the stack under a new reference (the
 * operator's event: every set-aside can be alerted on by its message), and the reference and
 * message for the item's own state.
 */
export function recordItemFailure(item: RunnerItem, err: unknown): ItemFailure {
  const failure = { reference: newId("err"), message: errorMessageOf(err) };
  logger.error("runner item set aside", {
    runner: item.runner,
    kind: item.kind,
    id: item.id,
    organizationId: item.organizationId ?? undefined,
    errorReference: failure.reference,
    error: failure.message,
    stack: err instanceof Error ? err.stack : undefined,
  });
  return failure;
}

/** "… (error reference err_…)": a reason that names its log line. */
export function reasonOf(failure: ItemFailure, prefix = "An internal error stopped this item"): string {
  return `${prefix}: ${failure.message} (error reference ${failure.reference})`;
}
