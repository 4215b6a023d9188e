import { z } from "zod";

/** How long each kind of data is kept (contract §9), as the dashboard shows it. */
export const retentionPolicyView = z.object({
  /** False when RETENTION=off: everything is kept. */
  enabled: z.boolean(),
  messageBodyDays: z.number().int().positive(),
  messageDays: z.number().int().positive(),
  outboxEventDays: z.number().int().positive(),
  webhookLogDays: z.number().int().positive(),
  auditLogDays: z.number().int().positive(),
});
export type RetentionPolicyView = z.infer<typeof retentionPolicyView>;

/** The dashboard pages that say how long their data is kept. */
export type RetentionPage = "messages" | "deliveryLogs" | "auditLog";
