import { redirect } from "next/navigation";
import { getCurrentUser } from "@/server/auth/next-auth";

export default async function Home() {
  redirect((await getCurrentUser()) ? "/dashboard" : "/sign-in");
}
