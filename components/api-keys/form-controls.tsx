"use client";

import { forwardRef, type TextareaHTMLAttributes } from "react";
import { Field } from "../ui/input";
import { cn } from "../ui/cn";

// The UI kit's input look, for multi-line fields (the kit has no textarea yet).
const textareaClasses =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:ring-red-400 aria-invalid:focus:ring-red-500";

export const Textarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }
>(function Textarea({ className, invalid, ...rest }, ref) {
  return (
    <textarea ref={ref} aria-invalid={invalid || undefined} className={cn(textareaClasses, className)} {...rest} />
  );
});

/** One address or CIDR range per line; every invalid line is listed, not just the first. */
export function IpRestrictionsField({
  value,
  onChange,
  errors,
}: {
  value: string;
  onChange: (text: string) => void;
  errors: readonly string[];
}) {
  return (
    <Field
      label="IP restrictions"
      aside="Optional"
      hint="One IPv4 or IPv6 address or CIDR range per line, such as 203.0.113.0/24. Leave empty to accept requests from any address."
      error={errors.length > 1 ? errors.join(" ") : errors}
    >
      {(p) => (
        <Textarea
          {...p}
          name="ipRestrictions"
          rows={3}
          spellCheck={false}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={"203.0.113.7\n2001:db8::/32"}
          className="font-mono text-[13px]"
        />
      )}
    </Field>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  );
}
