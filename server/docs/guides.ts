import { readFile } from "node:fs/promises";
import path from "node:path";

/*
 * The guides /docs offers: the user's, in reading order. Everything else in docs/ (architecture,
 * benchmarks, chaos, testing, the walks' notes, how the dashboard formats times) is for contributors:
 * it stays in the repository and is not served. A guide's links to another guide stay in the product.
 */

export interface Guide {
  /** /docs/guides/<name> */
  name: string;
  /** The file, from the repository's root. */
  file: string;
  /** The short name in the navigation. */
  label: string;
  group: "Get started" | "API areas" | "Run SignalGate" | "Tools";
}

export const GUIDES: readonly Guide[] = [
  { name: "quickstart", file: "docs/quickstart.md", label: "Quickstart", group: "Get started" },
  { name: "sandbox", file: "docs/sandbox.md", label: "Sandbox", group: "Get started" },
  { name: "webhooks", file: "docs/webhooks.md", label: "Webhooks", group: "Get started" },
  {
    name: "history-and-analytics",
    file: "docs/history-and-analytics.md",
    label: "History and analytics",
    group: "API areas",
  },
  { name: "scheduling", file: "docs/scheduling.md", label: "Scheduled messages", group: "API areas" },
  { name: "contacts", file: "docs/contacts.md", label: "Contacts and opt-outs", group: "API areas" },
  { name: "campaigns", file: "docs/campaigns.md", label: "Campaigns", group: "API areas" },
  {
    name: "campaign-links-and-templates",
    file: "docs/campaign-links-and-templates.md",
    label: "Templates and links",
    group: "API areas",
  },
  { name: "events-and-cli", file: "docs/events-and-cli.md", label: "Events", group: "API areas" },
  { name: "billing", file: "docs/billing.md", label: "Billing", group: "API areas" },
  { name: "trust-and-safety", file: "docs/trust-and-safety.md", label: "Trust and safety", group: "API areas" },
  { name: "accounts", file: "docs/accounts.md", label: "Accounts and email", group: "API areas" },
  { name: "security", file: "docs/security.md", label: "Security", group: "API areas" },
  { name: "configuration", file: "docs/configuration.md", label: "Configuration", group: "Run SignalGate" },
  { name: "operations", file: "docs/operations.md", label: "Operations", group: "Run SignalGate" },
  { name: "cli", file: "cli/README.md", label: "CLI", group: "Tools" },
  { name: "sdk", file: "sdk/README.md", label: "SDK", group: "Tools" },
];

const ROOT = process.cwd();

export function findGuide(name: string): Guide | undefined {
  return GUIDES.find((g) => g.name === name);
}

/** The guide's Markdown, or null for a name that is not one of GUIDES (nothing else in the repository is served). */
export async function readGuide(name: string): Promise<string | null> {
  const guide = findGuide(name);
  if (!guide) return null;
  return readFile(path.join(/* turbopackIgnore: true */ ROOT, guide.file), "utf8").catch(() => null);
}

/**
 * Where a link written in `from`'s Markdown goes in the product: another guide's page (with its
 * anchor), a web address as it is, or null for a file of the repository that is not a guide (shown
 * as text: the product cannot serve it).
 */
export function guideHref(from: Guide, href: string): string | null {
  if (/^(https?:|mailto:)/i.test(href)) return href;
  if (href.startsWith("#")) return href;
  const [target = "", anchor] = href.split("#");
  const file = path.posix.normalize(path.posix.join(path.posix.dirname(from.file), target));
  const guide = GUIDES.find((g) => g.file === file || (target === "" && g === from));
  if (!guide) return null;
  return `/docs/guides/${guide.name}${anchor ? `#${anchor}` : ""}`;
}

/** Examples name the developer's own machine; in the product they name the server being read. */
export function withOrigin(text: string, origin: string): string {
  return text.replace(/https?:\/\/localhost:3000/g, origin).replace(/\blocalhost:3000\b/g, new URL(origin).host);
}
