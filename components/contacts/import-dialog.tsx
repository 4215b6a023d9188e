"use client";

import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "../ui/dialog";
import { Button } from "../ui/button";
import { FormError } from "../ui/form-dialog";
import { Badge } from "../ui/badge";
import { useTRPC } from "../trpc/client";
import { IMPORT_TEMPLATE, previewCsv, type CsvPreview } from "./csv-preview";
import { guessImportField, targetsProblem, type ImportField } from "@/schemas/contact-imports";
import { rowErrorParts } from "./row-error";
import { DefaultCountryField } from "./default-country-field";
import { ImportPreview } from "./import-preview";

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(IMPORT_TEMPLATE)}`;

const MAX_BYTES = 10 * 1024 * 1024;
const FINISHED = new Set(["COMPLETED", "FAILED"]);

/** Import a CSV: the file goes to the background job, whose progress is polled until it finishes. */
export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  // The mapping step: what each column is imported as, guessed from its name, changeable.
  const [fields, setFields] = useState<ImportField[]>([]);
  const problem = preview
    ? fields.includes("phone")
      ? targetsProblem(fields)
      : "Choose the column that holds the phone number."
    : null;
  const [fileError, setFileError] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const start = useMutation(trpc.contacts.startImport.mutationOptions({ onSuccess: ({ id }) => setImportId(id) }));
  const progress = useQuery(
    trpc.contacts.import.queryOptions(
      { id: importId ?? "" },
      {
        enabled: importId !== null,
        refetchInterval: (q) => (q.state.data && FINISHED.has(q.state.data.status) ? false : 500),
      },
    ),
  );
  const status = progress.data?.status;
  const finished = status !== undefined && FINISHED.has(status);
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: trpc.contacts.list.pathKey() });
  }, [finished, queryClient, trpc]);

  async function submit() {
    if (!file) return setFileError("Choose a CSV file.");
    if (file.size > MAX_BYTES) return setFileError("The file is larger than 10 MiB.");
    if (problem) return setFileError(problem);
    setFileError(null);
    // Every column named: the server reads the file exactly as the mapping step showed it.
    const mapping = preview
      ? Object.fromEntries(preview.names.map((n, i) => [n, fields[i]!]).filter(([n]) => n !== ""))
      : undefined;
    start.mutate({ csv: await file.text(), mapping });
  }

  function close() {
    setFile(null);
    setPreview(null);
    setFields([]);
    setFileError(null);
    setImportId(null);
    start.reset();
    onOpenChange(false);
  }

  const p = progress.data;
  const percent = p && p.totalRows > 0 ? Math.round((p.processedRows * 100) / p.totalRows) : finished ? 100 : 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      busy={start.isPending}
      size="lg"
      title="Import contacts"
      description={
        <>
          A CSV with a header row. Choose what each column is: a phone number (required), first and last name or a full
          name, email, tags (separated by ;), or an attribute. Rows update the contact with the same phone.
        </>
      }
      footer={
        importId ? (
          <Button onClick={close} disabled={!finished && !progress.isError}>
            {finished ? "Done" : "Importing…"}
          </Button>
        ) : (
          <>
            <Button variant="secondary" disabled={start.isPending} onClick={close}>
              Cancel
            </Button>
            <Button loading={start.isPending} onClick={() => void submit()}>
              Start import
            </Button>
          </>
        )
      }
    >
      {importId === null ? (
        <div className="space-y-3">
          <FormError error={start.error} message={fileError} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <label className="block text-sm font-medium text-slate-700" htmlFor="import-file">
              CSV file
            </label>
            <a
              href={TEMPLATE_HREF}
              download="contacts-template.csv"
              className="text-sm font-medium text-indigo-600 hover:underline"
            >
              Download a template
            </a>
          </div>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              setFileError(null);
              setPreview(null);
              // The first rows, read here: what the import will recognise, before anything is uploaded.
              if (chosen)
                void chosen
                  .slice(0, 64 * 1024)
                  .text()
                  .then((t) => {
                    const p = previewCsv(t);
                    setPreview(p);
                    setFields(p.names.map(guessImportField));
                  });
            }}
            className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-200"
          />
          {preview ? (
            <ImportPreview
              preview={preview}
              fields={fields}
              problem={problem}
              onChange={(column, field) => setFields((now) => now.map((f, i) => (i === column ? field : f)))}
            />
          ) : null}
          <DefaultCountryField />
        </div>
      ) : (
        <div className="space-y-4" data-testid="import-progress">
          <div className="flex items-center justify-between text-sm">
            <span className="text-slate-700 tabular-nums">
              {p ? `${p.processedRows.toLocaleString("en")} of ${p.totalRows.toLocaleString("en")} rows` : "Starting…"}
            </span>
            {status ? (
              <Badge tone={status === "COMPLETED" ? "green" : status === "FAILED" ? "red" : "blue"}>
                {status === "COMPLETED"
                  ? "Completed"
                  : status === "FAILED"
                    ? "Failed"
                    : status === "RUNNING"
                      ? "Running"
                      : "Waiting"}
              </Badge>
            ) : null}
          </div>
          <div
            role="progressbar"
            aria-label="Import progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-indigo-600 transition-all" style={{ width: `${percent}%` }} />
          </div>
          {p ? (
            <p className="text-sm text-slate-600" data-testid="import-counts">
              {p.created.toLocaleString("en")} created · {p.updated.toLocaleString("en")} updated ·{" "}
              {p.skipped.toLocaleString("en")} skipped
            </p>
          ) : null}
          {progress.isError ? <FormError error={progress.error} /> : null}
          {p && p.errors.length > 0 ? (
            <div>
              <h3 className="mb-1 text-sm font-medium text-slate-800">Rows not imported</h3>
              <ul
                className="max-h-40 divide-y divide-slate-100 overflow-auto rounded-md ring-1 ring-slate-200"
                data-testid="import-errors"
              >
                {p.errors.map((e) => (
                  <li key={e.row} className="flex gap-3 px-3 py-1.5 text-sm">
                    <span className="w-20 shrink-0 whitespace-nowrap text-slate-500 tabular-nums">
                      Line {e.line ?? e.row}
                    </span>
                    <span className="min-w-0 text-slate-700">
                      {rowErrorParts(e).map((part, i) =>
                        part.value ? (
                          <code key={i} className="rounded bg-red-50 px-1 font-mono text-[12px] break-all text-red-700">
                            {part.text}
                          </code>
                        ) : (
                          <span key={i}>{part.text}</span>
                        ),
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
