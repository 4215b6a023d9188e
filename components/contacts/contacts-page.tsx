"use client";

import { useCallback, useState } from "react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Download, Plus, SearchX, Upload, Users } from "lucide-react";
import { toast } from "sonner";
import type { ContactView } from "@/schemas/contacts";
import { Button, buttonClasses } from "../ui/button";
import { ConfirmDialog } from "../ui/dialog";
import { EmptyState } from "../ui/empty-state";
import { PageHeader } from "../ui/page-header";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";
import { useCan } from "../dashboard/dashboard-context";
import { FilterBar, hasFilters } from "../dashboard/filter-bar";
import { FilterSelect } from "../dashboard/filter-controls";
import { PagedList } from "../dashboard/paged-list";
import { useUrlState } from "../dashboard/use-url-state";
import { ContactDialog } from "./contact-dialog";
import { ContactsTable } from "./contacts-table";
import { ImportDialog } from "./import-dialog";
import { DebouncedFilter } from "./debounced-filter";
import { TagFilter } from "./tag-filter";

const URL_KEYS = ["q", "tag", "optedOut"] as const;
const OPTED_OUT = [
  { value: "true", label: "Opted out" },
  { value: "false", label: "Subscribed" },
] as const;

export function ContactsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canManage = useCan("contacts.manage");
  const canExport = useCan("contacts.export");
  const [url, setUrl] = useUrlState(URL_KEYS);
  const input = {
    ...(url.q ? { q: url.q } : {}),
    ...(url.tag ? { tag: url.tag } : {}),
    ...(url.optedOut === "true" || url.optedOut === "false" ? { optedOut: url.optedOut === "true" } : {}),
  };
  const list = useInfiniteQuery(
    trpc.contacts.list.infiniteQueryOptions(input, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const [editing, setEditing] = useState<ContactView | null>(null);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<ContactView | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.contacts.pathKey() });
  const onError = (err: unknown) => toastError(err);
  const remove = useMutation(
    trpc.contacts.delete.mutationOptions({
      onSuccess: async () => {
        toast.success(`Deleted ${deleting?.phone ?? "the contact"}.`);
        setDeleting(null);
        await refresh();
      },
      onError,
    }),
  );
  const optOut = useMutation(
    trpc.contacts.addOptOut.mutationOptions({
      onSuccess: async (o) => {
        toast.success(`${o.phone} is opted out: sends to it are refused.`);
        await refresh();
      },
      onError,
    }),
  );
  const optIn = useMutation(
    trpc.contacts.removeOptOut.mutationOptions({
      onSuccess: async () => {
        toast.success("Opted back in.");
        await refresh();
      },
      onError,
    }),
  );
  const setQ = useCallback((q: string) => setUrl({ q }), [setUrl]);
  const setTag = useCallback((tag: string) => setUrl({ tag }), [setUrl]);

  return (
    <div>
      <PageHeader
        title="Contacts"
        description="The people you message, one per phone number, with tags and attributes. Opted-out numbers are refused at send time."
        actions={
          <>
            {/* A plain download: the route streams the CSV with the session cookie. Not for support. */}
            {canExport ? (
              <a href="/dashboard/contacts/export" download className={buttonClasses("secondary")}>
                <Download aria-hidden className="size-4" />
                Export CSV
              </a>
            ) : null}
            {canManage ? (
              <>
                <Button variant="secondary" onClick={() => setImporting(true)}>
                  <Upload aria-hidden className="size-4" />
                  Import CSV
                </Button>
                <Button onClick={() => setAdding(true)}>
                  <Plus aria-hidden className="size-4" />
                  Add contact
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <FilterBar label="Filter contacts" state={url} keys={URL_KEYS} set={setUrl}>
        <DebouncedFilter
          id="contacts-filter-q"
          label="Search"
          width="w-full sm:w-64"
          placeholder="Phone, name or email"
          value={url.q}
          onChange={setQ}
        />
        <TagFilter value={url.tag} onChange={setTag} />
        <FilterSelect
          id="contacts-filter-opted-out"
          label="Subscription"
          value={url.optedOut}
          options={OPTED_OUT}
          allLabel="Everyone"
          onChange={(optedOut) => setUrl({ optedOut })}
        />
      </FilterBar>

      <PagedList
        list={list}
        columns={canManage ? 6 : 5}
        errorTitle="Could not load contacts"
        noun={["contact", "contacts"]}
        empty={
          hasFilters(url, URL_KEYS) ? (
            <EmptyState icon={SearchX} title="No contacts match these filters">
              Search matches the beginning of a phone number, first, last or full name, or email, in any case.
            </EmptyState>
          ) : (
            <EmptyState
              icon={Users}
              title="No contacts yet"
              action={
                canManage ? (
                  <Button onClick={() => setImporting(true)}>
                    <Upload aria-hidden className="size-4" />
                    Import a CSV
                  </Button>
                ) : undefined
              }
            >
              Add contacts one by one, import a CSV, or create them with{" "}
              <code className="font-mono text-[13px]">POST /api/v1/contacts</code>.
            </EmptyState>
          )
        }
      >
        {(contacts) => (
          <ContactsTable
            contacts={contacts}
            now={list.dataUpdatedAt}
            actions={
              canManage
                ? {
                    edit: setEditing,
                    remove: setDeleting,
                    optOut: (c) => optOut.mutate({ phone: c.phone }),
                    optIn: (c) => optIn.mutate({ phone: c.phone }),
                  }
                : undefined
            }
          />
        )}
      </PagedList>

      <ContactDialog open={adding} onOpenChange={setAdding} contact={null} />
      <ContactDialog
        open={editing !== null}
        onOpenChange={(o) => (o ? undefined : setEditing(null))}
        contact={editing}
      />
      <ImportDialog open={importing} onOpenChange={setImporting} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? undefined : setDeleting(null))}
        title="Delete this contact?"
        description={
          <>
            <span className="font-mono">{deleting?.phone}</span> and its name, tags and attributes are deleted. An
            opt-out of the number stays: it belongs to the number, not the contact.
          </>
        }
        confirmLabel="Delete contact"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </div>
  );
}
