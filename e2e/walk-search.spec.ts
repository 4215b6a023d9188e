import { expect, test, type Page } from "@playwright/test";
import { createKey, registerAndLogin, screenshot, signIn, watchConsole } from "./helpers";

// Issue 30, items 3, 4, 8 (search, contacts, the Messages and Contacts lists on a phone): at
// 1440×900 and 390×844, with screenshots.

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Nothing on the page is wider than the screen (a cut-off badge or a sideways-scrolling page). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("search messages and contacts, the contact page, the import dialog, at desktop and phone sizes", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page, { allow400: true });
  const { email, accessToken } = await registerAndLogin(request);
  const key = await createKey(request, accessToken, { name: "Checkout service" });
  const auth = { authorization: `Bearer ${key.rawKey}` };
  for (const [to, body] of [
    ["+15005550001", "Your order 1001 has shipped"],
    ["+15005550002", "Your order 1002 has shipped"],
    ["+14155550177", "Hello Ada, your table is ready"],
  ] as const) {
    const res = await request.post("/api/v1/sms/send", { headers: auth, data: { to, body } });
    expect(res.status(), await res.text()).toBe(202);
  }
  const ada = await request.post("/api/v1/contacts", {
    headers: auth,
    data: {
      phone: "+14155550177",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "Ada@Example.com",
      tags: ["VIP", "beta"],
      attributes: { company: "Analytical Engines", plan: "pro" },
    },
  });
  expect(ada.status(), await ada.text()).toBe(201);
  const adaId = ((await ada.json()) as { id: string }).id;
  await request.post("/api/v1/contacts", {
    headers: auth,
    data: { phone: "+14155550178", firstName: "Grace", lastName: "Hopper", tags: ["newsletter"] },
  });

  await page.setViewportSize(DESKTOP);
  await signIn(page, email);
  const nav = page.getByRole("navigation", { name: "Main" });

  // Messages: a row shows the text and the key's name; the search finds by last digits and by id.
  await nav.getByRole("link", { name: "Messages" }).click();
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(3);
  const first = rows.filter({ hasText: "+15005550001" });
  await expect(first.getByTestId("message-snippet")).toHaveText("Your order 1001 has shipped");
  await expect(first).toContainText("Checkout service");
  await page.getByLabel("Search", { exact: true }).fill("5550001");
  await expect(page).toHaveURL(/q=5550001/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("+15005550001");
  await screenshot(page, "walk-search-messages-desktop");
  const id = await rows.first().getAttribute("data-message-id");
  await page.getByLabel("Search", { exact: true }).fill(id!);
  await expect(page).toHaveURL(new RegExp(`q=${id}`));
  await expect(rows).toHaveCount(1);
  await page.getByLabel("Search", { exact: true }).fill("55");
  const searchError = page.getByText("at least 3");
  await expect(searchError).toBeVisible();
  // The message sits under the box, out of the bar's flow: it must not reach into the table.
  const errorBox = await searchError.boundingBox();
  const tableBox = await page.locator("table").first().boundingBox();
  expect(errorBox!.y + errorBox!.height).toBeLessThanOrEqual(tableBox!.y);
  await screenshot(page, "walk-search-messages-error-desktop");

  // Contacts: the full name in any case; tags in any case, offered by the picker.
  await nav.getByRole("link", { name: "Contacts" }).click();
  const contactRows = page.locator("tbody tr");
  await expect(contactRows).toHaveCount(2);
  await page.getByLabel("Search", { exact: true }).fill("ada LOVE");
  await expect(contactRows).toHaveCount(1);
  await expect(contactRows.first()).toContainText("Ada Lovelace");
  await page.getByRole("button", { name: "Clear filters" }).click();
  await page.getByLabel("Tag", { exact: true }).fill("v");
  await expect(page.locator('#contacts-tag-options option[value="VIP"]')).toHaveCount(1);
  await page.getByLabel("Tag", { exact: true }).fill("vip");
  await expect(page).toHaveURL(/tag=vip/);
  await expect(contactRows).toHaveCount(1);
  await screenshot(page, "walk-search-contacts-desktop");

  // A duplicate phone links to the contact that has it.
  await page.getByRole("button", { name: "Add contact" }).click();
  const add = page.getByRole("dialog", { name: "Add contact" });
  await add.getByLabel("Phone").fill("+14155550177");
  await add.getByRole("button", { name: "Add contact" }).click();
  await expect(add.getByTestId("existing-contact")).toContainText("Open Ada Lovelace");
  await add.getByRole("link", { name: "Open Ada Lovelace" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/contacts/${adaId}$`));

  // The contact page: attributes shown and edited, opt-out, its messages and conversation.
  await expect(page.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
  await expect(page.getByTestId("contact-attributes")).toContainText("Analytical Engines");
  await page.getByRole("button", { name: "Edit attributes" }).click();
  await page.getByLabel("Attribute 2 value").fill("enterprise");
  await page.getByRole("button", { name: "Save attributes" }).click();
  await expect(page.getByTestId("contact-attributes")).toContainText("enterprise");
  await page.getByRole("button", { name: "Opt out" }).click();
  // The details card's badge (the conversation below carries one too).
  await expect(page.getByText("Opted out", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: /^Conversation with \+/ }).getByText("Opted out")).toBeVisible();
  await expect(page.locator("tbody tr").first().getByTestId("message-snippet")).toHaveText(
    "Hello Ada, your table is ready",
  );
  await expect(page.getByRole("region", { name: "Conversation with +14155550177" })).toBeVisible();
  await screenshot(page, "walk-search-contact-page-desktop");

  // Import: a template, a preview of what is recognised, local numbers in the default country, and
  // errors with the file line and the refused value.
  await nav.getByRole("link", { name: "Contacts" }).click();
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Import contacts" });
  await expect(dialog.getByRole("link", { name: "Download a template" })).toHaveAttribute(
    "download",
    "contacts-template.csv",
  );
  const csv = 'phone,First_Name,company\n"(415) 555-0199",Edsger,TU Eindhoven\n\n12,Broken,Nowhere\n';
  await dialog.getByLabel("CSV file").setInputFiles({ name: "c.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const preview = dialog.getByTestId("import-preview");
  // The mapping step's guesses (issue 39): a differently cased contract column, and an attribute.
  await expect(preview.getByLabel("First_Name")).toHaveValue("first_name");
  await expect(preview.getByLabel("company")).toHaveValue("attribute");
  await dialog.getByLabel(/Read local numbers/).selectOption("US");
  await expect(page.getByText("Local numbers are read in US.")).toBeVisible();
  await screenshot(page, "walk-search-import-preview", { fullPage: false });
  await dialog.getByRole("button", { name: "Start import" }).click();
  await expect(dialog.getByText("Completed")).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByTestId("import-counts")).toHaveText("1 created · 0 updated · 1 skipped");
  await expect(dialog.getByTestId("import-errors")).toContainText("Line 4");
  await expect(dialog.getByTestId("import-errors")).toContainText("12");
  await screenshot(page, "walk-search-import-errors", { fullPage: false });
  await dialog.getByRole("button", { name: "Done" }).click();
  await page.getByLabel("Search", { exact: true }).fill("edsger");
  await expect(page).toHaveURL(/q=edsger/);
  await expect(contactRows).toHaveCount(1);
  await expect(contactRows.first()).toContainText("+14155550199");

  // The audit log has the contact edit, the import, the opt-out and the setting.
  await nav.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible({ timeout: 20_000 });
  await screenshot(page, "walk-search-audit-log");
  for (const action of ["Contact edited", "Contacts imported", "Number opted out", "Organization settings changed"]) {
    await expect(page.getByRole("row").filter({ hasText: action }).first()).toBeVisible();
  }

  // A phone: cards, nothing cut off, no sideways scroll.
  await page.setViewportSize(PHONE);
  await page.goto("/dashboard/messages");
  const cards = page.getByTestId("message-cards");
  await expect(cards.locator("li")).toHaveCount(3);
  await expect(cards.locator("li").first()).toContainText("Checkout service");
  await expectNoSidewaysScroll(page);
  await screenshot(page, "walk-search-messages-phone");
  await page.goto("/dashboard/contacts");
  await expect(page.getByTestId("contact-cards").locator("li")).toHaveCount(3);
  await expect(page.getByTestId("contact-cards")).toContainText("Opted out");
  await expectNoSidewaysScroll(page);
  await screenshot(page, "walk-search-contacts-phone");
  await page.goto(`/dashboard/contacts/${adaId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, "walk-search-contact-page-phone");
  // The duplicate phone's 409 is expected: the browser logs every non-2xx answer.
  expect(problems.filter((p) => !p.includes("status of 409"))).toEqual([]);
});
