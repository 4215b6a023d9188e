import { z } from "zod";
import { roleSchema } from "./roles";

// Dashboard inputs for organizations and their members (the tRPC routers and the forms share them).

export const organizationNameSchema = z
  .string()
  .trim()
  .min(1, "Name your organization.")
  .max(100, "Use at most 100 characters.");

export const createOrganizationInput = z.strictObject({ name: organizationNameSchema });
export type CreateOrganizationInput = z.input<typeof createOrganizationInput>;

export const switchOrganizationInput = z.strictObject({ organizationId: z.string().min(1).max(64) });

export const memberIdInput = z.strictObject({ memberId: z.string().min(1).max(64) });

export const updateMemberRoleInput = z.strictObject({
  memberId: z.string().min(1).max(64),
  role: roleSchema,
});
export type UpdateMemberRoleInput = z.input<typeof updateMemberRoleInput>;
