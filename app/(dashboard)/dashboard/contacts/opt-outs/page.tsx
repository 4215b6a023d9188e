import type { Metadata } from "next";
import { RequireAction } from "@/components/dashboard/require-action";
import { OptOutsPage } from "@/components/contacts/opt-outs-page";

export const metadata: Metadata = { title: "Opt-outs" };

export default function Page() {
  return (
    <RequireAction action="contacts.read">
      <OptOutsPage />
    </RequireAction>
  );
}
