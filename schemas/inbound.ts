import { z } from "zod";
import { timestampSchema } from "./common";
import { messageBodySchema } from "./messages";
import { receivingNumberSchema } from "./numbers";
import { phoneNumberSchema } from "./phone";

/** contract §10: keywords are the whole message, trimmed, in any case. */
export const KEYWORD_FAMILIES = {
  stop: ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"],
  start: ["START", "UNSTOP", "YES"],
  help: ["HELP", "INFO"],
} as const;
export type KeywordFamily = keyof typeof KEYWORD_FAMILIES;

/** The body as a keyword is matched: trimmed, in ASCII capitals ("unsubscribe " → "UNSUBSCRIBE"). */
export function keywordWord(body: string): string {
  // ASCII case only: toUpperCase() would fold "ſtop" (U+017F) or "ﬆop" into STOP.
  return body.trim().replace(/[a-z]/g, (c) => c.toUpperCase());
}

/** The keyword family of an inbound body, or null when it is an ordinary message. */
export function keywordOf(body: string): KeywordFamily | null {
  const word = keywordWord(body);
  for (const family of Object.keys(KEYWORD_FAMILIES) as KeywordFamily[]) {
    if ((KEYWORD_FAMILIES[family] as readonly string[]).includes(word)) return family;
  }
  return null;
}

/** The reply texts an organization gets until it sets its own. */
export const DEFAULT_REPLIES = {
  stopReply: "You are unsubscribed and will receive no more messages from this number. Reply START to resubscribe.",
  startReply: "You are subscribed again. Reply STOP to unsubscribe, HELP for help.",
  helpReply: "Reply STOP to unsubscribe, START to resubscribe.",
} as const;

const replySchema = z
  .string()
  .max(320, "At most 320 characters.")
  .meta({ description: "Sent from the receiving number as an ordinary (billed) message; an empty text sends none." });

/** contract §10: `GET /api/v1/developer/inbound-settings`. */
export const inboundSettingsResponse = z
  .object({
    keywordsEnabled: z.boolean().meta({
      description:
        "When false, STOP/START/HELP are stored as ordinary inbound messages: no opt-out change and no reply.",
    }),
    stopReply: replySchema,
    startReply: replySchema,
    helpReply: replySchema,
  })
  .meta({ id: "InboundSettings" });
export type InboundSettings = z.infer<typeof inboundSettingsResponse>;

/** contract §10: `PATCH /api/v1/developer/inbound-settings`, any subset. */
export const updateInboundSettingsInput = z
  .strictObject({
    keywordsEnabled: z.boolean().optional(),
    stopReply: replySchema.optional(),
    startReply: replySchema.optional(),
    helpReply: replySchema.optional(),
  })
  .meta({ id: "UpdateInboundSettingsRequest" });
export type UpdateInboundSettingsInput = z.infer<typeof updateInboundSettingsInput>;

/** contract §10: `POST /api/v1/sms/inbound` (sandbox keys), a message as if a phone had sent it. */
export const simulateInboundInput = z
  .strictObject({
    from: phoneNumberSchema.meta({ description: "The phone that sends it (E.164).", example: "+14155550123" }),
    to: receivingNumberSchema
      .optional()
      .meta({ description: "One of the organization's numbers; default: its first, or +15005550006 if it has none." }),
    body: messageBodySchema,
  })
  .meta({ id: "SimulateInboundRequest" });
export type SimulateInboundInput = z.infer<typeof simulateInboundInput>;

/** The payload of `message.received` (contract §10): inbound bodies are the point, so they are in it. */
export const messageReceivedPayload = z
  .object({ messageId: z.string(), from: z.string(), to: z.string(), body: z.string(), receivedAt: timestampSchema })
  .meta({ id: "MessageReceivedPayload" });
export type MessageReceivedPayload = z.infer<typeof messageReceivedPayload>;
