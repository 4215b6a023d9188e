import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { createKey, expectError, registerAndLogin, screenshot, shootBoth, signIn, watchConsole } from "./helpers";

// The Contacts, Opt-outs and Numbers pages (issue 17, item 6): add a contact, import a CSV and watch
// its progress (with the rows in error), filter, opt a contact out from the dashboard and see the
// badge, the Opt-outs page and the refused send, export the CSV.

const ROWS = 3000;

// Column names as exported from a spreadsheet: the mapping step guesses phone and a full name.
function csv(): string {
  const lines = ["Mobile,name,tags,plan"];
  for (let i = 0; i < ROWS; i++) lines.push(`+1415666${String(i).padStart(4, "0")},Person ${i},imported;wave1,pro`);
  lines.push("4155550204,Broken Row,,");
  return `${lines.join("\n")}\n`;
}

test("contacts: add, import with a column mapping and progress, filter, opt out (refused send), export", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const { email, accessToken } = await registerAndLogin(request);
  await signIn(page, email);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Contacts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expect(page.getByText("No contacts yet")).toBeVisible();

  await page.getByRole("button", { name: "Add contact" }).click();
  const add = page.getByRole("dialog", { name: "Add contact" });
  await add.getByLabel("Phone").fill("+14155550123");
  await add.getByLabel("First name").fill("Ada");
  await add.getByLabel("Last name").fill("Lovelace");
  await add.getByLabel("Tags").fill("vip, beta");
  await add.getByRole("button", { name: "Add contact" }).click();
  await expect(add).toBeHidden();
  const ada = page.getByRole("row").filter({ hasText: "+14155550123" });
  await expect(ada).toContainText("Ada Lovelace");

  // Import: the job runs in the background; the dialog follows it to the end.
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Import contacts" });
  await dialog
    .getByLabel("CSV file")
    .setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: Buffer.from(csv()) });
  // The mapping step: guesses from the column names, each one changeable.
  await expect(dialog.getByLabel("Mobile")).toHaveValue("phone");
  await expect(dialog.getByLabel("name", { exact: true })).toHaveValue("full_name");
  await expect(dialog.getByLabel("plan")).toHaveValue("attribute");
  await dialog.getByLabel("Mobile").selectOption("skip");
  await expect(dialog.getByRole("alert")).toHaveText("Choose the column that holds the phone number.");
  await dialog.getByLabel("Mobile").selectOption("phone");
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await shootBoth(page, "contacts-import-mapping");
  await dialog.getByRole("button", { name: "Start import" }).click();
  await expect(dialog.getByTestId("import-progress")).toBeVisible();
  await expect(dialog.getByText("Completed")).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByTestId("import-counts")).toHaveText(
    `${ROWS.toLocaleString("en")} created · 0 updated · 1 skipped`,
  );
  const rowError = dialog.getByTestId("import-errors").getByRole("listitem");
  await expect(rowError).toContainText(`Line ${ROWS + 2}`);
  // The refused value once, not in front of a message that names it again.
  await expect(rowError).toContainText("4155550204 is a local number");
  expect((await rowError.textContent())!.split("4155550204")).toHaveLength(2);
  await expect(dialog.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuenow", "100");
  await screenshot(page, "contacts-import", { fullPage: false });
  await dialog.getByRole("button", { name: "Done" }).click();

  await page.getByLabel("Tag").fill("vip");
  await expect(page.getByRole("row")).toHaveCount(2); // the header and Ada
  await page.getByRole("button", { name: "Clear filters" }).click();
  await page.getByLabel("Search").fill("+14156660004");
  const person4 = page.getByRole("row").filter({ hasText: "+14156660004" });
  await expect(person4).toContainText("Person 4");
  // The whole row opens the contact, as in Messages: a click on its name cell, not only the phone link.
  await person4.getByRole("cell", { name: "Person 4" }).click();
  await expect(page).toHaveURL(/\/dashboard\/contacts\/ct_/);
  await page.goBack();

  // Opting out from the dashboard: the badge, the Opt-outs page, and sends to the number refused.
  await page.getByLabel("Search").fill("+14155550123");
  await ada.getByRole("button", { name: "Actions for +14155550123" }).click();
  await page.getByRole("menuitem", { name: "Opt out" }).click();
  await expect(ada).toContainText("Opted out");
  await screenshot(page, "contacts");
  const key = await createKey(request, accessToken);
  await expectError(
    await request.post("/api/v1/sms/send", {
      headers: { authorization: `Bearer ${key.rawKey}` },
      data: { to: "+14155550123", body: "hello" },
    }),
    400,
    "recipient_opted_out",
  );
  await nav.getByRole("link", { name: "Opt-outs" }).click();
  await expect(page.getByRole("row").filter({ hasText: "+14155550123" })).toContainText("Dashboard");
  await screenshot(page, "contacts-opt-outs");

  await nav.getByRole("link", { name: "Contacts" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await (await download).path();
  const lines = (await readFile(file, "utf8")).trim().split(/\r?\n/);
  expect(lines[0]).toBe("phone,first_name,last_name,email,tags,plan");
  expect(lines).toHaveLength(ROWS + 2);
  expect(lines).toContain("+14155550123,Ada,Lovelace,,vip;beta,");

  await nav.getByRole("link", { name: "Numbers" }).click();
  await expect(page.getByText("No numbers yet")).toBeVisible();
  expect(problems).toEqual([]);
});
