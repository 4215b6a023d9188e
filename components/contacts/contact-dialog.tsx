"use client";

import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { createContactInput, type ContactView } from "@/schemas/contacts";
import { FormDialog } from "../ui/form-dialog";
import { Field, Input } from "../ui/input";
import { useTRPC } from "../trpc/client";
import { checkInput, useRecordForm } from "../dashboard/use-checked-form";
import { errorCode } from "../trpc/errors";

/** A phone that is already a contact: a link to that contact, found by the phone's prefix search. */
function ExistingContactLink({ phone, onOpen }: { phone: string; onOpen: () => void }) {
  const trpc = useTRPC();
  const found = useQuery(trpc.contacts.list.queryOptions({ q: phone, limit: 1 }));
  const existing = found.data?.items.find((c) => c.phone === phone);
  if (!existing) return null;
  return (
    <p className="text-sm text-slate-600" data-testid="existing-contact">
      {phone} is already a contact.{" "}
      <Link
        href={`/dashboard/contacts/${existing.id}`}
        onClick={onOpen}
        className="font-medium text-indigo-600 hover:underline"
      >
        Open {[existing.firstName, existing.lastName].filter(Boolean).join(" ") || "the existing contact"}
      </Link>
    </p>
  );
}

interface ContactForm {
  phone: string;
  firstName: string;
  lastName: string;
  email: string;
  tags: string;
}

const blank = (v: string) => (v.trim() === "" ? null : v.trim());

function formOf(contact: ContactView | null): ContactForm {
  return {
    phone: contact?.phone ?? "",
    firstName: contact?.firstName ?? "",
    lastName: contact?.lastName ?? "",
    email: contact?.email ?? "",
    tags: contact?.tags.join(", ") ?? "",
  };
}

function requestOf(form: ContactForm) {
  return {
    phone: form.phone.trim(),
    firstName: blank(form.firstName),
    lastName: blank(form.lastName),
    email: blank(form.email),
    tags: form.tags
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean),
  };
}

/** Add a contact, or edit one (`contact`): the API's own schema checks the form as you type. */
export function ContactDialog({
  open,
  onOpenChange,
  contact,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contact: ContactView | null;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { state, update, reset, feedback, onSubmit } = useRecordForm(contact, formOf);
  const done = async (message: string) => {
    toast.success(message);
    close();
    await queryClient.invalidateQueries({ queryKey: trpc.contacts.pathKey() });
  };
  const create = useMutation(trpc.contacts.create.mutationOptions({ onSuccess: (c) => done(`Added ${c.phone}.`) }));
  const edit = useMutation(trpc.contacts.update.mutationOptions({ onSuccess: (c) => done(`Saved ${c.phone}.`) }));
  const mutation = contact ? edit : create;

  const checked = checkInput(createContactInput, requestOf(state));
  const { errorFor, formError } = feedback(checked, mutation.error);

  function close() {
    reset();
    if (!contact) update(formOf(null));
    create.reset();
    edit.reset();
    onOpenChange(false);
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      pending={mutation.isPending}
      title={contact ? "Edit contact" : "Add contact"}
      description="One contact per phone number. Tags group contacts for filtering."
      formId="contact-form"
      submitLabel={contact ? "Save" : "Add contact"}
      onSubmit={onSubmit(checked, (input) =>
        contact ? edit.mutate({ id: contact.id, patch: input }) : create.mutate(input),
      )}
      formError={formError}
    >
      <Field label="Phone" hint="E.164, e.g. +14155550123" error={errorFor("phone")}>
        {(p) => (
          <Input
            {...p}
            autoFocus
            inputMode="tel"
            autoComplete="off"
            className="font-mono"
            value={state.phone}
            onChange={(e) => update({ phone: e.target.value })}
          />
        )}
      </Field>
      {errorCode(mutation.error) === "contact_exists" ? (
        <ExistingContactLink phone={requestOf(state).phone} onOpen={close} />
      ) : null}
      <div className="grid grid-cols-2 gap-4">
        <Field label="First name" aside="Optional" error={errorFor("firstName")}>
          {(p) => <Input {...p} value={state.firstName} onChange={(e) => update({ firstName: e.target.value })} />}
        </Field>
        <Field label="Last name" aside="Optional" error={errorFor("lastName")}>
          {(p) => <Input {...p} value={state.lastName} onChange={(e) => update({ lastName: e.target.value })} />}
        </Field>
      </div>
      <Field label="Email" aside="Optional" error={errorFor("email")}>
        {(p) => <Input {...p} type="email" value={state.email} onChange={(e) => update({ email: e.target.value })} />}
      </Field>
      <Field label="Tags" aside="Optional" hint="Separated by commas, e.g. vip, beta" error={errorFor("tags")}>
        {(p) => <Input {...p} value={state.tags} onChange={(e) => update({ tags: e.target.value })} />}
      </Field>
    </FormDialog>
  );
}
