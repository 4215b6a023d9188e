"use client";

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
 */
export function ApiReference({ url }: { url: string }) {
  return (
    <div className="sg-api-reference">
      <ApiReferenceReact configuration={{ ...SCALAR_CONFIGURATION, url, customCss: SCALAR_CSS }} />
    </div>
  );
}
