import type { DbOrTx } from "../db/client";
import { audienceWhere } from "./audience-sql";
import { linkBaseUrl } from "./links/link-base-url";
import { tooLongDetail } from "./render-port";
import { parseTemplate, previewMessage, type TemplateContact, type TemplateVariable } from "./template";

export interface Audience {
  tags: string[];
  excludeTags: string[];
}

export interface EstimateUnits {
  recipients: number;
  segments: number;
  priceUnits: number;
}

/** A value the template reads, as a column of the estimate's query, and where it goes in the contact. */
interface Column {
  sql: string;
  fill(contact: Required<Pick<TemplateContact, "attributes">> & TemplateContact, value: string | null): void;
}

function columnsOf(variables: TemplateVariable[]): { columns: Column[]; attributes: string[] } {
  const columns: Column[] = [];
  const fields = new Set(variables.flatMap((v) => (v.kind === "field" ? [v.field] : [])));
  if (fields.has("firstName")) columns.push({ sql: "c.first_name", fill: (c, v) => (c.firstName = v) });
  if (fields.has("lastName")) columns.push({ sql: "c.last_name", fill: (c, v) => (c.lastName = v) });
  if (fields.has("email")) columns.push({ sql: "c.email", fill: (c, v) => (c.email = v) });
  // Every phone is digits and a plus, one septet each: phones of one length fill in alike.
  if (fields.has("phone")) columns.push({ sql: "length(c.phone)", fill: () => {} });
  const attributes = [...new Set(variables.flatMap((v) => (v.kind === "attribute" ? [v.name] : [])))];
  attributes.forEach((name, i) =>
    columns.push({
      sql: `c.attributes ->> $${4 + i}`,
      fill: (c, v) => {
        if (v !== null) (c.attributes as Record<string, string>)[name] = v;
      },
    }),
  );
  return { columns, attributes };
}

/**
 * The estimate's query: the audience's contacts not opted out, grouped by the first five characters
 * of the phone (the calling code and the start of the national number, enough to tell the country,
 * +1 included) and by the values the template reads, so each group fills in to one text: a few
 * hundred groups for a template without variables, as many as there are distinct values with them.
 * Parameters: organization, tags, excludeTags, then the attribute names.
 */
function estimateSql(columns: Column[]): string {
  const values = columns.map((col, i) => `, ${col.sql} AS v${i}`).join("");
  const groups = columns.map((_, i) => `, v${i}`).join("");
  return `
SELECT substr(c.phone, 1, 5) AS prefix, min(c.phone) AS sample, count(*) AS n${values}
FROM contacts c
LEFT JOIN contact_opt_outs o ON o.organization_id = c.organization_id AND o.phone = c.phone
WHERE c.organization_id = $1 AND o.phone IS NULL AND ${audienceWhere(2)}
GROUP BY prefix${groups}`;
}

/** How many contacts the audience holds now (not opted out): the builder's live count. */
export async function countAudience(db: DbOrTx, organizationId: string, audience: Audience): Promise<number> {
  const rows = await db.$queryRawUnsafe<{ n: bigint }[]>(
    `SELECT count(*) AS n FROM contacts c
     LEFT JOIN contact_opt_outs o ON o.organization_id = c.organization_id AND o.phone = c.phone
     WHERE c.organization_id = $1 AND o.phone IS NULL AND ${audienceWhere(2)}`,
    organizationId,
    audience.tags,
    audience.excludeTags,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * contract §11 `estimate`: recipients, segments and price as the audience stands. Each group of
 * contacts is filled in as it will be sent (its own values, the opt-out footer, short links), so
 * the segments and price are those of the texts that will go out (issue 38: a template's length
 * says little once `{{attributes.x}}` is filled in). Recipients that would be skipped
 * (`invalid_template`: a variable with no value, a text over 1,600 characters) are counted as
 * recipients but cost nothing. The sandbox costs nothing.
 */
export async function estimateCampaign(
  db: DbOrTx,
  organizationId: string,
  campaign: {
    environment: "live" | "test";
    template: string;
    appendOptOutText: boolean;
    audience: Audience;
    linkTracking?: boolean;
  },
): Promise<EstimateUnits> {
  const parsed = parseTemplate(campaign.template);
  if (!parsed.ok) return { recipients: 0, segments: 0, priceUnits: 0 };
  const { columns, attributes } = columnsOf(parsed.template.placeholders.map((p) => p.variable));
  const rows = await db.$queryRawUnsafe<Record<string, unknown>[]>(
    estimateSql(columns),
    organizationId,
    campaign.audience.tags,
    campaign.audience.excludeTags,
    ...attributes,
  );
  const base = linkBaseUrl();
  let recipients = 0;
  let segments = 0;
  let priceUnits = 0;
  for (const r of rows) {
    const n = Number(r.n as bigint);
    recipients += n;
    const preview = previewMessage({
      template: parsed.template,
      contact: contactOf(r, columns),
      to: r.sample as string,
      appendOptOutText: campaign.appendOptOutText,
      linkTracking: campaign.linkTracking ?? false,
      linkBaseUrl: base,
      environment: campaign.environment,
    });
    if (preview.missing.length > 0 || tooLongDetail(preview.text)) continue;
    segments += n * preview.segments;
    priceUnits += n * preview.priceUnits;
  }
  return { recipients, segments, priceUnits };
}

/** The contact a group stands for: its values of the columns the template reads. */
function contactOf(row: Record<string, unknown>, columns: Column[]): TemplateContact {
  const contact = { phone: row.sample as string, attributes: {} };
  columns.forEach((col, i) => col.fill(contact, (row[`v${i}`] as string | null) ?? null));
  return contact;
}
