import { Field, Textarea } from "../ui/input";

/** One address or CIDR range per line; `error` lists every invalid line, not just the first. */
export function IpRestrictionsField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (text: string) => void;
  error?: string;
}) {
  return (
    <Field
      label="IP restrictions"
      aside="Optional"
      hint="One IPv4 or IPv6 address or CIDR range per line, such as 203.0.113.0/24. Leave empty to accept requests from any address."
      error={error}
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
