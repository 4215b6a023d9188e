import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { describeError } from "../trpc/errors";
import { ErrorLinks } from "../trpc/error-notice";
import { cn } from "./cn";

const control =
  "block w-full rounded-md border-0 bg-white px-3 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:ring-red-400 aria-invalid:focus:ring-red-500";

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { className, invalid: bad, ...rest },
  ref,
) {
  return <input ref={ref} aria-invalid={bad || undefined} className={cn(control, "h-9", className)} {...rest} />;
});

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  invalid?: boolean;
}

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { className, invalid: bad, children, ...rest },
  ref,
) {
  return (
    <select ref={ref} aria-invalid={bad || undefined} className={cn(control, "h-9 pr-8", className)} {...rest}>
      {children}
    </select>
  );
});

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
}

/** The input look for multi-line text; `rows` sets its height. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { className, invalid: bad, ...rest },
  ref,
) {
  return <textarea ref={ref} aria-invalid={bad || undefined} className={cn(control, "py-2", className)} {...rest} />;
});

export function Label({ htmlFor, children, className }: { htmlFor: string; children: ReactNode; className?: string }) {
  return (
    <label htmlFor={htmlFor} className={cn("block text-sm font-medium text-slate-700", className)}>
      {children}
    </label>
  );
}

export interface FieldProps {
  label: ReactNode;
  /** Shown under the control, replaced by the error when there is one. */
  hint?: ReactNode;
  error?: string | readonly string[] | null;
  /** A failed call about this field, shown when there is no `error`: its message, code and log link. */
  failure?: unknown;
  /** Extra text beside the label (e.g. "Optional"). */
  aside?: ReactNode;
  children: (props: { id: string; "aria-describedby"?: string; invalid: boolean }) => ReactNode;
  className?: string;
}

/** Label + control + hint or error, wired for screen readers. */
export function Field({ label, hint, error, failure, aside, children, className }: FieldProps) {
  const id = useId();
  const own = Array.isArray(error) ? error[0] : (error as string | null | undefined);
  const shown = !own && failure ? describeError(failure) : null;
  const message = own ?? shown?.message;
  const describedBy = message || hint ? `${id}-desc` : undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside ? <span className="text-xs text-slate-500">{aside}</span> : null}
      </div>
      {children({ id, "aria-describedby": describedBy, invalid: Boolean(message) })}
      {message ? (
        <p id={describedBy} className="text-sm text-red-600">
          {message}
          {shown ? <ErrorLinks shown={shown} className="ml-2" /> : null}
        </p>
      ) : hint ? (
        <p id={describedBy} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
