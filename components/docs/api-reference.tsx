"use client";

import { useMemo, useState, type ReactNode } from "react";
import dynamic from "next/dynamic";
import "@scalar/api-reference-react/style.css";
import "./api-reference.css";
import { SCALAR_CONFIGURATION, SCALAR_CSS } from "./scalar-configuration";

// Scalar mounts a Vue app into a div and needs window and document: browser only.
const ApiReferenceReact = dynamic(() => import("@scalar/api-reference-react").then((m) => m.ApiReferenceReact), {
  ssr: false,
  loading: () => <p className="sg-api-reference__loading">Loading the API reference…</p>,
});

/**
 * The API reference for an OpenAPI document: Scalar, bundled from npm, with side navigation,
 * search (Ctrl/⌘ K), curl and the document's own SDK and CLI samples (`x-codeSamples`). Nothing is
 * fetched from anywhere but this server: no fonts, no proxy, no telemetry, no AI agent.
 *
 * `children` (the operations, rendered on the server) are shown until Scalar has loaded: its bundle
 * takes seconds to arrive and start on a slow machine, and the reader has the list at once.
 */
export function ApiReference({ url, children }: { url: string; children?: ReactNode }) {
  const [loaded, setLoaded] = useState(false);
  const configuration = useMemo(
    () => ({ ...SCALAR_CONFIGURATION, url, customCss: SCALAR_CSS, onLoaded: () => setLoaded(true) }),
    [url],
  );
  return (
    <div className="sg-api-reference">
      {loaded ? null : children}
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
