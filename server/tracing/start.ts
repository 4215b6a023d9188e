import { setTracingOn } from "./spans";

/**
 * Traces (contract §16): with OTEL_EXPORTER_OTLP_ENDPOINT set, register the OpenTelemetry SDK for
 * Node with an OTLP/HTTP exporter, and the pg and Prisma instrumentations (a span per database
 * statement). Unset, nothing is loaded and the span helpers (spans.ts) do nothing. Called first
 * thing at start-up (server/register-node.ts), before `pg` is loaded, so its instrumentation can
 * hook it. spans.ts's stopTracing() exports what is still buffered, at shutdown.
 */
export async function startTracing(): Promise<boolean> {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return false;
  const [{ NodeTracerProvider }, { BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import("@opentelemetry/sdk-trace-node"),
      import("@opentelemetry/sdk-trace-base"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
    ]);
  const [{ registerInstrumentations }, { PgInstrumentation }, { PrismaInstrumentation }] = await Promise.all([
    import("@opentelemetry/instrumentation"),
    import("@opentelemetry/instrumentation-pg"),
    import("@prisma/instrumentation"),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": process.env.OTEL_SERVICE_NAME || "signalgate" }),
    // The exporter reads OTEL_EXPORTER_OTLP_ENDPOINT (and _HEADERS) itself and posts to …/v1/traces.
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [new PgInstrumentation({ requireParentSpan: true }), new PrismaInstrumentation()],
  });
  setTracingOn(true, () => provider.shutdown());
  return true;
}
