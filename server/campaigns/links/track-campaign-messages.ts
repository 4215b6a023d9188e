import { countSegments } from "@/schemas/segments";
import { priceMessage } from "../../billing/price-message";
import type { DbOrTx } from "../../db/client";
import type { NewMessage } from "../../messages/insert-messages";
import { insertTrackedLinks } from "./insert-tracked-links";
import { linkBaseUrl } from "./link-base-url";
import { planTrackedLinks, type PlannedLink } from "./plan-tracked-links";

/**
 * The campaigns sender's link step, before its messages are inserted: each message's URLs become
 * its recipient's own short links, and its segments and price are counted again on the text that
 * will really be sent. `contactIds[i]` is the recipient of `messages[i]`.
 */
export function withTrackedLinks(
  campaignId: string,
  messages: readonly NewMessage[],
  contactIds: readonly string[],
): { messages: NewMessage[]; links: PlannedLink[] } {
  if (messages.length === 0) return { messages: [], links: [] };
  const plan = planTrackedLinks(
    { organizationId: messages[0]!.organizationId, campaignId, linkBaseUrl: linkBaseUrl() },
    messages.map((m, i) => ({ contactId: contactIds[i]!, messageId: m.id, phone: m.to, text: m.body })),
  );
  const out = messages.map((m, i) => {
    const body = plan.texts[i]!;
    if (body === m.body) return m;
    const { segments, encoding } = countSegments(body);
    return { ...m, body, segments, encoding, ...priceMessage(m.environment, m.to, segments) };
  });
  return { messages: out, links: plan.links };
}

/** After the insert: the links of the messages that were accepted, in one statement. */
export async function insertAcceptedLinks(
  tx: DbOrTx,
  links: readonly PlannedLink[],
  acceptedMessageIds: ReadonlySet<string>,
  now: Date,
): Promise<void> {
  await insertTrackedLinks(
    tx,
    links.filter((l) => l.messageId !== null && acceptedMessageIds.has(l.messageId)),
    now,
  );
}
