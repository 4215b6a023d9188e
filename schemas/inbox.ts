import { z } from "zod";
import { phoneNumberSchema } from "./phone";
import { messageBodySchema } from "./messages";
import { listCursorSchema, timestampSchema } from "./common";

/** Client-safe shapes of the dashboard's Inbox: conversations by the other party's number. */

/** The newest inbound message of one sender, among the organization's recent inbound messages. */
export const conversationSchema = z.object({
  phone: z.string(),
  /** The organization's number it was sent to. */
  number: z.string(),
  lastMessageId: z.string(),
  lastBody: z.string(),
  lastAt: timestampSchema,
  environment: z.enum(["live", "test"]),
  /** The sender is on the organization's opt-out list now (contract §10). */
  optedOut: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const listConversationsInput = z.strictObject({
  cursor: listCursorSchema.optional(),
  direction: z.enum(["forward", "backward"]).optional(),
});
export type ListConversationsInput = z.infer<typeof listConversationsInput>;

/** One message of a conversation, either way. */
export const threadMessageSchema = z.object({
  id: z.string(),
  direction: z.enum(["inbound", "outbound"]),
  /** null: a live outbound body the viewer's role may not read. */
  body: z.string().nullable(),
  status: z.string(),
  environment: z.enum(["live", "test"]),
  at: timestampSchema,
  /** A keyword confirmation: the family it answers; null for every other message. */
  autoReply: z.enum(["stop", "start", "help"]).nullable(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

export const conversationInput = z.strictObject({ phone: phoneNumberSchema });

/** The thread's reply box: a sandbox message back to the number, from the number it wrote to. */
export const replyInput = z.strictObject({ phone: phoneNumberSchema, body: messageBodySchema });

/** At most this many of a conversation's newest messages are shown. */
export const THREAD_LIMIT = 100;
