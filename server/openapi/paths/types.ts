import type { oas31, ZodOpenApiPathsObject } from "zod-openapi";

/** One area of the API: its tag (a section of the docs page) and its paths. */
export interface PathModule {
  tag: oas31.TagObject;
  paths: ZodOpenApiPathsObject;
}
