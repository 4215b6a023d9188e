import { randomBase62 } from "../../ids";
import { findUrls, LINK_CODE_LENGTH, replaceUrls, shortLinkUrl } from "./find-urls";

export interface LinkRecipient {
  /** Null for a campaign's test send: its links belong to no recipient. */
  contactId: string | null;
  /** The message the text goes out in (ids are made before the insert), for `link.clicked`. */
  messageId: string | null;
  phone: string;
  /** The rendered text, footer included. */
  text: string;
}

export interface PlannedLink {
  code: string;
  organizationId: string;
  campaignId: string;
  contactId: string | null;
  messageId: string | null;
  phone: string;
  url: string;
}

export interface LinkPlan {
  /** Each recipient's text with its URLs replaced by its own short links, in input order. */
  texts: string[];
  /** The rows to insert (insertTrackedLinks), for the recipients whose messages are accepted. */
  links: PlannedLink[];
}

/**
 * Rewrites each recipient's URLs into short links of its own (contract §11). Pure: the codes are
 * drawn here (CSPRNG, base62, 12 characters; random, so a code says nothing of the campaign, the
 * recipient or how many links exist), the rows are written by insertTrackedLinks. The same URL twice
 * in one text gets one code.
 */
export function planTrackedLinks(
  scope: { organizationId: string; campaignId: string; linkBaseUrl: string },
  recipients: readonly LinkRecipient[],
): LinkPlan {
  const texts: string[] = [];
  const links: PlannedLink[] = [];
  for (const r of recipients) {
    const urls = findUrls(r.text);
    if (urls.length === 0) {
      texts.push(r.text);
      continue;
    }
    const codes = new Map<string, string>();
    texts.push(
      replaceUrls(r.text, urls, (url) => {
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
          });
        }
        return shortLinkUrl(scope.linkBaseUrl, code);
      }),
    );
  }
  return { texts, links };
}
