import type { Metadata } from "next";
import { UrlStatePage } from "@/components/dashboard/url-state-page";
import { EventsPage } from "@/components/events/events-page";

export const metadata: Metadata = { title: "Events" };

export default function Page() {
  return (
    <UrlStatePage action="webhooks.read" columns={4}>
      <EventsPage />
    </UrlStatePage>
  );
}
