import type { Metadata } from "next";
import { UrlStatePage } from "@/components/dashboard/url-state-page";
import { ContactDetailPage } from "@/components/contacts/contact-detail-page";

export const metadata: Metadata = { title: "Contact" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <UrlStatePage action="contacts.read" columns={5}>
      <ContactDetailPage contactId={id} />
    </UrlStatePage>
  );
}
