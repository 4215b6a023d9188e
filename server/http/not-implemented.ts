import { AppError } from "../errors";

/**
 * The messaging pipeline lands in a later release. Until then these routes authenticate and
 * validate for real and then say so plainly, rather than inventing messages.
 */
export function notImplemented(what: string): never {
  throw new AppError(
    "not_implemented",
    `${what} is not available yet: authentication and validation succeeded, but no message was created.`,
  );
}
