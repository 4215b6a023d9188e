import type { Metadata } from "next";
import { RequireAction } from "@/components/dashboard/require-action";
import { MessagesPage } from "@/components/messages/messages-page";

export const metadata: Metadata = { title: "Messages" };

export default function Page() {
  return (
    <RequireAction action="messages.read">
      <MessagesPage />
    </RequireAction>
  );
}
