import type { Metadata } from "next";
import { RequireAction } from "@/components/dashboard/require-action";
import { NumbersPage } from "@/components/contacts/numbers-page";

export const metadata: Metadata = { title: "Numbers" };

export default function Page() {
  return (
    <RequireAction action="contacts.read">
      <NumbersPage />
    </RequireAction>
  );
}
