import type { Metadata } from "next";
import { UrlStatePage } from "@/components/dashboard/url-state-page";
import { ContactsPage } from "@/components/contacts/contacts-page";

export const metadata: Metadata = { title: "Contacts" };

export default function Page() {
  return (
    <UrlStatePage action="contacts.read" columns={6}>
      <ContactsPage />
    </UrlStatePage>
  );
}
