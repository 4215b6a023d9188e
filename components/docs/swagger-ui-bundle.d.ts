// swagger-ui-react's self-contained browser bundle ships without types; these cover what
// components/docs/swagger-ui-view.tsx passes (Swagger UI's standard configuration options).
declare module "*/swagger-ui-es-bundle.js" {
  interface SwaggerUIOptions {
    domNode: HTMLElement;
    url: string;
    docExpansion?: "list" | "full" | "none";
    defaultModelsExpandDepth?: number;
    defaultModelExpandDepth?: number;
    deepLinking?: boolean;
    displayRequestDuration?: boolean;
    filter?: boolean | string;
    tryItOutEnabled?: boolean;
    persistAuthorization?: boolean;
    validatorUrl?: string | null;
    onComplete?: () => void;
  }
  const SwaggerUI: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUI;
}
