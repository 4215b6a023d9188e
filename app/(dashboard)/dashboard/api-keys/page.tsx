import type { Metadata } from "next";
import { RequireAction } from "@/components/dashboard/require-action";
import { ApiKeysPage } from "@/components/api-keys/api-keys-page";

export const metadata: Metadata = { title: "API keys" };

export default function Page() {
  return (
    <RequireAction action="apiKeys.read">
      <ApiKeysPage />
    </RequireAction>
  );
}
