import { AppError } from "../../errors";
import { parseTemplate, type ParsedTemplate } from "./parse-template";

/**
 * Create and update (contract §11): an invalid template is 400 `invalid_request`, one detail per
 * problem, each at path `template` (or the caller's path, for a nested body).
 */
export function validateTemplate(source: string, path = "template"): ParsedTemplate {
  const result = parseTemplate(source);
  if (result.ok) return result.template;
  const first = result.issues[0]!;
  throw new AppError("invalid_request", `The template is not valid: ${first.message}`, {
    details: result.issues.map((issue) => ({ path, message: issue.message })),
  });
}
