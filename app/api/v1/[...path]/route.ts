import { AppError } from "@/server/errors";
import { apiRoute } from "@/server/http/api-route";

// Unknown /api/v1 paths answer in the contract's error shape instead of Next's HTML 404, whatever
// body came with them (`ownBody`: never read).
const notFound = apiRoute({ auth: "none", ownBody: true }, async ({ req }) => {
  throw new AppError("not_found", `No endpoint ${req.method} ${new URL(req.url).pathname}.`);
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
