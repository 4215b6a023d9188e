import { contactSchema, type ContactView } from "@/schemas/contacts";
import type { Contact } from "../db/generated/client";

/** The contract's contact shape; `optedOutAt` comes from the organization's opt-out of that phone. */
export function toContactView(row: Contact, optedOutAt: Date | null): ContactView {
  return contactSchema.parse({
    id: row.id,
    phone: row.phone,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    attributes: (row.attributes ?? {}) as Record<string, string>,
    tags: row.tags,
    optedOut: optedOutAt !== null,
    optedOutAt: optedOutAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
}
