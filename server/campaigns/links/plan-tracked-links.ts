import { AppError } from "../../errors";
import { randomBase62 } from "../../ids";
import { privateLinkReason } from "../../webhooks/http/address-policy";
import type { TextSpan } from "../template";
import { findTrackedUrls, findUrls, LINK_CODE_LENGTH, replaceUrls, shortLinkUrl, type FoundUrl } from "./find-urls";

/** How long a sandbox message's short links work (issue 38): long enough to test, too short to abuse. */
export const SANDBOX_LINK_TTL_MS = 60 * 60 * 1000;

export interface LinkRecipient {
  /** Null for a campaign's test send: its links belong to no recipient. */
  contactId: string | null;
  /** The message the text goes out in (ids are made before the insert), for `link.clicked`. */
  messageId: string | null;
  phone: string;
  /** The rendered text, footer included. */
  text: string;
  /** What of `text` the template itself wrote (renderTemplate): only URLs written there are tracked. */
  written: readonly TextSpan[];
}

export interface PlannedLink {
  code: string;
  organizationId: string;
  campaignId: string;
  contactId: string | null;
  messageId: string | null;
  phone: string;
  /** Where it leads, as a URL's ASCII form: the host in punycode, the rest percent-encoded. */
  url: string;
  /** When it stops working (sandbox messages' links), or null for never. */
  expiresAt: Date | null;
}

export interface LinkPlan {
  /** Each recipient's text with its URLs replaced by its own short links, in input order. */
  texts: string[];
  /** The rows to insert (insertTrackedLinks), for the recipients whose messages are accepted. */
  links: PlannedLink[];
}

/**
 * The URL a short link may lead to, in the ASCII form a Location header carries (WHATWG URL: the
 * host in punycode, the path and query percent-encoded, issue 38), or null when it must not be
 * tracked: credentials, or a private, loopback or link-local host (refused at save; older
 * campaigns keep such a URL as it is, untracked).
 */
export function trackableTarget(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return privateLinkReason(parsed) === null ? parsed.href : null;
}

/**
 * Create and update with `linkTracking` (issue 38): a URL the template writes that may not be a
 * public link (credentials; a loopback, private or link-local host) is 400 `invalid_request` at
 * `template`, rather than a redirect on the service's domain to somewhere only an insider reaches.
 */
export function assertTrackableTemplate(template: string): void {
  const refused = findUrls(template).flatMap((u) => {
    let parsed: URL;
    try {
      parsed = new URL(u.url);
    } catch {
      return [];
    }
    const reason = privateLinkReason(parsed);
    return reason ? [{ path: "template", message: `Link tracking cannot send ${u.url}: ${reason}.` }] : [];
  });
  if (refused.length > 0) {
    throw new AppError("invalid_request", refused[0]!.message, { details: refused });
  }
}

/**
 * Rewrites each recipient's URLs into short links of its own (contract §11): those the template
 * wrote (findTrackedUrls) and that may be public links (trackableTarget). Pure: the codes are
 * drawn here (CSPRNG, base62, 12 characters; random, so a code says nothing of the campaign, the
 * recipient or how many links exist), the rows are written by insertTrackedLinks. The same URL twice
 * in one text gets one code. A sandbox campaign's links stop working after SANDBOX_LINK_TTL_MS.
 */
export function planTrackedLinks(
  scope: { organizationId: string; campaignId: string; linkBaseUrl: string; environment: "live" | "test" },
  recipients: readonly LinkRecipient[],
  now: Date,
): LinkPlan {
  const texts: string[] = [];
  const links: PlannedLink[] = [];
  const expiresAt = scope.environment === "test" ? new Date(now.getTime() + SANDBOX_LINK_TTL_MS) : null;
  for (const r of recipients) {
    const urls = findTrackedUrls(r.text, r.written).flatMap((u): (FoundUrl & { target: string })[] => {
      const target = trackableTarget(u.url);
      return target ? [{ ...u, target }] : [];
    });
    if (urls.length === 0) {
      texts.push(r.text);
      continue;
    }
    const codes = new Map<string, string>();
    texts.push(
      replaceUrls(r.text, urls, (_, i) => {
        const url = urls[i]!.target;
        let code = codes.get(url);
        if (!code) {
          code = randomBase62(LINK_CODE_LENGTH);
          codes.set(url, code);
          links.push({
            code,
            organizationId: scope.organizationId,
            campaignId: scope.campaignId,
            contactId: r.contactId,
            messageId: r.messageId,
            phone: r.phone,
            url,
            expiresAt,
          });
        }
        return shortLinkUrl(scope.linkBaseUrl, code);
      }),
    );
  }
  return { texts, links };
}
