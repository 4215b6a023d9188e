import type { Metadata } from "next";
import { UrlStatePage } from "@/components/dashboard/url-state-page";
import { AuditLogPage } from "@/components/audit-log/audit-log-page";

export const metadata: Metadata = { title: "Audit log" };

export default function Page() {
  return (
    <UrlStatePage action="auditLog.read" columns={6} retention="auditLog">
      <AuditLogPage />
    </UrlStatePage>
  );
}
