import { describe, expect, it } from "vitest";
import type { Env } from "../env";
import { devMailEnabled, emailDelivery } from "./delivery-mode";

const env = (e: Partial<Env>) => ({ NODE_ENV: "production", ...e }) as Env;

describe("where emails go", () => {
  it("is SMTP with SMTP_URL; else /dev/mail outside production (or when forced); else only the log", () => {
    expect(emailDelivery(env({ SMTP_URL: "smtp://mail.example.com:587" }))).toBe("smtp");
    expect(emailDelivery(env({}))).toBe("logOnly");
    expect(emailDelivery(env({ NODE_ENV: "development" }))).toBe("devMail");
    expect(emailDelivery(env({ DEV_MAIL: "on" }))).toBe("devMail");
    expect(emailDelivery(env({ NODE_ENV: "development", DEV_MAIL: "off" }))).toBe("logOnly");
    expect(devMailEnabled(env({ SMTP_URL: "smtp://mail.example.com:587", DEV_MAIL: "on" }))).toBe(true);
  });
});
