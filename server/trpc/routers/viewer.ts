import { AppError } from "../../errors";
import { protectedProcedure, router } from "../init";

export const viewerRouter = router({
  /** The signed-in user as stored now (the session may carry a stale name). */
  me: protectedProcedure.meta({ allowUnenrolled: true }).query(async ({ ctx }) => {
    const user = await ctx.db.user.findUnique({
      where: { id: ctx.userId },
      select: { id: true, email: true, name: true, createdAt: true },
    });
    if (!user) throw new AppError("unauthenticated", "Your account no longer exists. Sign in again.");
    return user;
  }),
});
