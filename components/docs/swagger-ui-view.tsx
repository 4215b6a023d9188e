"use client";

import { useEffect, useRef, useState } from "react";

/*
 * Swagger UI from swagger-ui-react's self-contained bundle, mounted into a plain div. The package's
 * React component cannot be used under Turbopack: its unbundled dependency swagger-client imports
 * ApiDOM classes whose `refract` methods are attached by a side-effect module that Turbopack drops
 * (vercel/next.js#86507), so every OpenAPI 3.1 document fails with "OpenApi3_1Element.refract is
 * not a function" (in `next build` too). The bundle was built by webpack with all of its
 * dependencies, React included, so nothing in it is tree-shaken again and it runs outside the
 * app's React tree. The package's `exports` hide the file, hence the path into node_modules.
 */
const loadSwaggerUI = () =>
  import("../../node_modules/swagger-ui-react/swagger-ui-es-bundle.js").then((m) => m.default);

export default function SwaggerUIView({ url }: { url: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let cancelled = false;
    loadSwaggerUI()
      .then((SwaggerUI) => {
        if (cancelled || !container.current) return;
        SwaggerUI({
          domNode: container.current,
          url,
          docExpansion: "list",
          defaultModelsExpandDepth: 0,
          defaultModelExpandDepth: 2,
          deepLinking: true,
          displayRequestDuration: true,
          filter: true,
          validatorUrl: null,
          onComplete: () => setStatus("ready"),
        });
      })
      .catch(() => !cancelled && setStatus("failed"));
    return () => {
      cancelled = true;
    };
  }, [url]);

  return (
    <>
      {status === "loading" && <p className="sg-api-reference__loading">Loading the API reference…</p>}
      {status === "failed" && (
        <p className="sg-api-reference__loading">
          The API reference could not be displayed. The raw document is at <a href={url}>{url}</a>.
        </p>
      )}
      {/* Swagger UI owns everything inside this div; React must never render children into it. */}
      <div ref={container} />
    </>
  );
}
