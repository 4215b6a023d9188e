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
  -d '{"to": "+14155550123", "body": "Hello from SignalGate"}'`;

  const statusCmd = `curl ${baseUrl}/api/v1/sms/$MESSAGE_ID/status \\
  -H "Authorization: Bearer $SIGNALGATE_API_KEY"`;

  const sdkSend = `// npm install signalgate
import { SignalGate } from "signalgate";

const client = new SignalGate({
  apiKey: process.env.SIGNALGATE_API_KEY,
  baseUrl: "${baseUrl}",
});

// A retry reuses its Idempotency-Key: never sent twice
const { messageId } = await client.sms.send({
  to: "+14155550123",
  body: "Hello from SignalGate",
});
console.log(await client.sms.status(messageId));`;

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
        <Step n={2} title="Create a sandbox API key">
          {canCreateKeys ? null : (
            <p
              className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-200"
              data-testid="read-only-note"
            >
              Your role reads this organization; creating keys needs an owner, admin or developer. Ask one for a{" "}
              <Code>sg_test_</Code> key, or read its configuration with your token:{" "}
              <Code>GET /api/v1/developer/rate-limits</Code>.
            </p>
          )}
          <p>
            The response contains <Code>rawKey</Code> (it starts with <Code>sg_test_</Code>). It is shown only once:
            store it in <Code>SIGNALGATE_API_KEY</Code> and keep it out of client-side code.
          </p>
          <CodeBlock code={keyCmd} />
        </Step>
        <Step n={3} title="Send a test SMS">
          <p>
            With the <Code>sg_test_</Code> key the message is queued for real and answers <Code>202</Code> with its{" "}
            <Code>messageId</Code>, <Code>segments</Code> and <Code>encoding</Code>, but nothing leaves SignalGate: it
            moves from <Code>QUEUED</Code> to <Code>SENT</Code> to <Code>DELIVERED</Code> within a few seconds.
          </p>
          <CodeBlock code={smsCmd} />
        </Step>
        <Step n={4} title="Follow its delivery">
          <p>
            Put the <Code>messageId</Code> in <Code>MESSAGE_ID</Code>. To try the failure cases, send to{" "}
            <Code>+15005550001</Code> (<Code>FAILED</Code>), <Code>+15005550002</Code> (<Code>UNDELIVERED</Code>) or{" "}
            <Code>+15005550003</Code> (stays <Code>SENT</Code>).
          </p>
          <CodeBlock code={statusCmd} />
        </Step>
        <Step n={5} title="Or use the TypeScript SDK">
          <p>
            The <Code>signalgate</Code> package (Node 20 or later) is typed from this API&apos;s OpenAPI document,
            retries rate-limited calls as the API asks, and verifies webhook signatures. See its README for every
            method.
          </p>
          <CodeBlock code={sdkSend} label="TypeScript" />
        </Step>
      </ol>
    </Card>
  );
}
