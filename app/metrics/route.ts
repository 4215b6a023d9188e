import { answerScrape } from "@/server/metrics/scrape";

export const dynamic = "force-dynamic";

export const GET = answerScrape;
