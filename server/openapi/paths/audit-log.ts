import { z } from "zod";
import { AUDIT_ACTIONS, auditEntrySchema, auditLogQuery } from "@/schemas/audit-log";
import { nextCursorHeader } from "../headers";
import { operation } from "../operation";
import type { PathModule } from "./types";

// The route's own query schema, with descriptions for the reader (validation is unchanged).
const q = auditLogQuery.shape;
const auditLogQueryDoc = z.strictObject({
  limit: q.limit.meta({ description: "Page size, 1 to 100.", example: 50 }),
  cursor: q.cursor.meta({
    description:
      "Opaque: the `X-Next-Cursor` value of the previous page, passed back unchanged; omit it for the newest " +
      "entries. A cursor this list did not issue to your organization (edited, made up, or from another list " +
      "or organization) answers 400 `invalid_request`.",
  }),
  actor: q.actor.meta({ description: "Only changes made by this user (`usr_…`) or API key (`key_…`)." }),
  action: q.action.meta({ description: "Only this action." }),
  resourceType: q.resourceType.meta({ description: "Only changes of this kind of resource." }),
  resourceId: q.resourceId.meta({ description: "Only changes of this resource (`key_…`, `wh_…`, `mem_…`, …)." }),
  from: q.from.meta({
    description: "Only entries at or after this time (ISO 8601).",
    example: "2026-11-01T00:00:00.000Z",
  }),
  until: q.until.meta({
    description: "Only entries before this time (ISO 8601).",
    example: "2026-12-01T00:00:00.000Z",
  }),
});

export const auditLogPaths: PathModule = {
  tag: {
    name: "Audit log",
    description:
      "Who changed what, from where and when: every change to API keys, webhooks, rate limits and members, every " +
      "sign-in and every refused refresh-token reuse, made through the API or the dashboard. Each entry is " +
      "written in the same transaction as its change. `changes` holds the fields that changed, before and " +
      "after; secrets (API keys, webhook signing secrets, passwords, tokens) are never recorded — " +
      "`secretChanged: true` says one changed. A dashboard sign-in is listed in every organization the user " +
      "belongs to; a sign-in through `/auth/token` in the organization its token is for. Readable by owners, " +
      "admins and support.",
  },
  paths: {
    "/api/v1/developer/audit-log": {
      get: operation({
        auth: "jwt",
        allow: "auditLog.read",
        operationId: "listAuditLog",
        summary: "List the audit log",
        description:
          `Newest first. Actions: ${AUDIT_ACTIONS.map((a) => `\`${a}\``).join(", ")}. When more entries ` +
          "follow, the `X-Next-Cursor` response header holds the `cursor` of the next page; a `cursor` this " +
          "list did not issue answers 400 `invalid_request`.",
        query: auditLogQueryDoc,
        success: {
          status: 200,
          description: "One page of audit log entries.",
          schema: z.array(auditEntrySchema),
          headers: { "X-Next-Cursor": nextCursorHeader },
        },
      }),
    },
  },
};
