"use client";

import { useId, useRef } from "react";
import { countSegments } from "@/schemas/segments";
import { MAX_CAMPAIGN_TEMPLATE_LENGTH } from "@/schemas/campaigns";
import { composeMessage } from "@/server/campaigns/template/compose-message";
import { parseTemplate } from "@/server/campaigns/template/parse-template";
import { withSampleLinks } from "@/server/campaigns/links/find-urls";
import { Textarea } from "../ui/input";

const VARIABLES = [
  { label: "First name", insert: "{{firstName|there}}" },
  { label: "Last name", insert: "{{lastName}}" },
  { label: "Email", insert: "{{email}}" },
  { label: "Phone", insert: "{{phone}}" },
  { label: "Attribute", insert: "{{attributes.NAME|fallback}}" },
];

/**
 * The template with its variables as buttons, the same parser as the API (problems show as you
 * type) and a segment and character counter for the text as sent with the fallbacks: footer
 * appended, links at their tracked length.
 */
export function TemplateEditor({
  value,
  onChange,
  appendOptOutText,
  linkTracking,
  linkBaseUrl,
  serverError,
}: {
  value: string;
  onChange: (v: string) => void;
  appendOptOutText: boolean;
  linkTracking: boolean;
  /** LINK_BASE_URL, so tracked links count at their real length. */
  linkBaseUrl: string;
  serverError?: string;
}) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const parsed = parseTemplate(value);
  const composed = parsed.ok ? composeMessage(parsed.template, null, { appendOptOutText }) : null;
  const text = composed ? composed.text : value;
  const sent = linkTracking ? withSampleLinks(text, composed?.written ?? [], linkBaseUrl) : text;
  const count = countSegments(sent);
  const problem = parsed.ok ? serverError : parsed.issues[0]?.message;

  function insert(snippet: string) {
    const el = area.current;
    const at = el ? el.selectionStart : value.length;
    const end = el ? el.selectionEnd : value.length;
    onChange(value.slice(0, at) + snippet + value.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + snippet.length, at + snippet.length);
    });
  }

  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          Message
        </label>
        <div className="flex flex-wrap gap-1" aria-label="Insert a variable">
          {VARIABLES.map((v) => (
            <button
              key={v.label}
              type="button"
              onClick={() => insert(v.insert)}
              className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700 hover:bg-indigo-50 hover:text-indigo-700"
              title={`Insert ${v.insert}`}
            >
              {v.insert.replace(/\|.*\}\}$/, "}}")}
            </button>
          ))}
        </div>
      </div>
      <Textarea
        id={id}
        ref={area}
        rows={5}
        value={value}
        maxLength={MAX_CAMPAIGN_TEMPLATE_LENGTH}
        invalid={Boolean(problem)}
        aria-describedby={`${id}-counter`}
        onChange={(e) => onChange(e.target.value)}
        className="font-mono"
        data-testid="template-input"
      />
      <div id={`${id}-counter`} className="flex flex-wrap justify-between gap-2 text-xs" data-testid="segment-counter">
        <span className={problem ? "text-red-600" : "text-slate-500"}>
          {problem ??
            "Variables take a fallback after a bar: {{firstName|there}}. A contact missing a variable without one is skipped."}
        </span>
        <span className="text-slate-600 tabular-nums">
          {count.units} {count.encoding === "GSM-7" ? "characters" : "UCS-2 units"} · {count.segments}{" "}
          {count.segments === 1 ? "segment" : "segments"} · {count.encoding}
        </span>
      </div>
    </div>
  );
}
