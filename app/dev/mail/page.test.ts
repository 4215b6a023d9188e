// Issue 38: with the dev mailbox off, /dev/mail is the 404 page, titled as one, never "Dev mail".
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/server/env";
import { metadata as notFoundMetadata } from "@/app/not-found";
import { generateMetadata } from "./page";

afterEach(() => {
  delete process.env.DEV_MAIL;
  resetEnvForTests();
});

describe("/dev/mail's title", () => {
  it("is the 404 page's when the dev mailbox is off", async () => {
    process.env.DEV_MAIL = "off";
    resetEnvForTests();
    expect(await generateMetadata()).toEqual(notFoundMetadata);
    expect(notFoundMetadata.title).toBe("Page not found");
  });

  it("is Dev mail when it is on", async () => {
    process.env.DEV_MAIL = "on";
    resetEnvForTests();
    expect(await generateMetadata()).toEqual({ title: "Dev mail" });
  });
});
