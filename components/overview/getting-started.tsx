"use client";

import type { ReactNode } from "react";
import { Card, CardHeader } from "../ui/card";
import { CodeBlock } from "../ui/code-block";
import { useCan, useDashboard } from "../dashboard/dashboard-context";

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="relative pl-10">
      <span className="absolute top-0 left-0 flex size-6 items-center justify-center rounded-full bg-indigo-50 text-xs font-semibold text-indigo-700 ring-1 ring-indigo-200">
        {n}
      </span>
      <h3 className="text-sm font-medium text-slate-900">{title}</h3>
      <div className="mt-1.5 space-y-3 text-sm text-slate-600">{children}</div>
    </li>
  );
}

function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[12.5px] text-slate-800">{children}</code>;
}

/** The first API calls, with this organization's id and the viewer's email filled in. */
export function GettingStarted({ baseUrl }: { baseUrl: string }) {
  const { user, organization } = useDashboard();
  const canCreateKeys = useCan("apiKeys.manage");

  const tokenCmd = `curl -X POST ${baseUrl}/api/v1/auth/token \\
  -H "Content-Type: application/json" \\
  -d '{
    "email": "${user.email}",
    "password": "YOUR_PASSWORD",
    "organizationId": "${organization.id}"
  }'`;

  const keyCmd = `curl -X POST ${baseUrl}/api/v1/developer/api-keys \\
  -H "Authorization: Bearer $ACCESS_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"name": "My first key", "environment": "test"}'`;

  const smsCmd = `curl -X POST ${baseUrl}/api/v1/sms/send \\
  -H "Authorization: Bearer $SIGNALGATE_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"to": "+15005550006", "body": "Hello from SignalGate"}'`;

  const readCmd = `curl ${baseUrl}/api/v1/developer/webhooks \\
  -H "Authorization: Bearer $ACCESS_TOKEN"`;

  return (
    <Card>
      <CardHeader
        title="Getting started"
        description="Call the API from your terminal. Everything below uses the sandbox, so nothing is delivered or billed."
      />
      <ol className="space-y-7 px-5 py-5">
        <Step n={1} title="Get an access token">
          <p>
            Management endpoints take a short-lived JWT (15 minutes). Exchange your dashboard email and password for
            one, then keep <Code>accessToken</Code> from the response in <Code>ACCESS_TOKEN</Code>.
          </p>
          <CodeBlock code={tokenCmd} />
        </Step>
        {canCreateKeys ? (
          <>
            <Step n={2} title="Create a sandbox API key">
              <p>
                The response contains <Code>rawKey</Code> (it starts with <Code>sg_test_</Code>). It is shown only once:
                store it in <Code>SIGNALGATE_API_KEY</Code> and keep it out of client-side code.
              </p>
              <CodeBlock code={keyCmd} />
            </Step>
            <Step n={3} title="Send a test SMS">
              <p>
                The key is checked for real (permissions, IP restrictions, rate limits, request validation). Message
                delivery is not switched on yet, so for now a valid request answers <Code>501 not_implemented</Code>{" "}
                instead of queuing a message: nothing is faked.
              </p>
              <CodeBlock code={smsCmd} />
            </Step>
          </>
        ) : (
          <Step n={2} title="Read this organization's configuration">
            <p>Your role can read webhooks, rate limits and delivery information with the same token.</p>
            <CodeBlock code={readCmd} />
          </Step>
        )}
      </ol>
    </Card>
  );
}
