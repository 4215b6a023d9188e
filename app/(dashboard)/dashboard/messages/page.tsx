import type { Metadata } from "next";
import { UrlStatePage } from "@/components/dashboard/url-state-page";
import { MessagesPage } from "@/components/messages/messages-page";

export const metadata: Metadata = { title: "Messages" };

export default function Page() {
  return (
    <UrlStatePage action="messages.read" columns={6} retention="messages">
      <MessagesPage />
    </UrlStatePage>
  );
}
