"use client";

import dynamic from "next/dynamic";
import "swagger-ui-react/swagger-ui.css";
import "./api-reference.css";

// Swagger UI needs window and document, so it loads in the browser only.
const SwaggerUIView = dynamic(() => import("./swagger-ui-view"), {
  ssr: false,
  loading: () => <p className="sg-api-reference__loading">Loading the API reference…</p>,
});

/** The interactive reference for an OpenAPI document, bundled from npm (nothing from a CDN). */
export function ApiReference({ url }: { url: string }) {
  return (
    <div className="sg-api-reference">
      <SwaggerUIView url={url} />
    </div>
  );
}
