import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "SignalGate", template: "%s · SignalGate" },
  description: "SMS and one-time passcode API for developers.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: Next puts the request's CSP nonce (proxy.ts) on its scripts
  // only while rendering, so a page prerendered at build time would have its scripts blocked.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
