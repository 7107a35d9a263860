/**
 * 'Esporta' (issue 13 "The story as a book") in a real Chromium with the offline narrator: a
 * player plays a few turns, downloads the story as EPUB and as PDF from the game page's header
 * and again from their game on /profilo; the files are checked (the EPUB is a zip whose first
 * entry is the stored "mimetype", the PDF starts with %PDF and holds the choices). axe with the
 * menu open; screenshots at phone and desktop size.
 */

import fs from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { readPdf, readZip } from "../src/server/features/book/book-testing";
import { expectAccessible, narrations, screenshots, signedInPlayer } from "./fixtures";

/** Chooses a format in an open 'Esporta' menu and returns the downloaded file's name and bytes. */
async function download(page: Page, format: "EPUB" | "PDF") {
  const item = page.getByRole("menuitem", { name: new RegExp(`^${format}`) });
  await expect(item).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent("download"), item.click()]);
  // The menu closes on the choice; wait for it to be gone before the next one.
  await expect(page.getByRole("menu")).toHaveCount(0);
  const bytes = await fs.readFile((await file.path())!);
  return { name: file.suggestedFilename(), bytes };
}

/** Checks an EPUB download: a zip whose first entry is "mimetype", stored, and a package document. */
async function expectEpub(bytes: Buffer) {
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from("PK\x03\x04", "latin1"));
  expect(bytes.subarray(30, 58).toString("ascii")).toBe("mimetypeapplication/epub+zip");
  const names = (await readZip(bytes)).map((e) => e.name);
  expect(names[0]).toBe("mimetype");
  expect(names).toEqual(expect.arrayContaining(["META-INF/container.xml", "OEBPS/content.opf", "OEBPS/nav.xhtml", "OEBPS/chapter-001.xhtml"]));
}

test("a player exports the story as EPUB and PDF from the game page and from the profile", async ({ page }) => {
  await signedInPlayer(page);
  await page.goto("/gioco/fantasy/new");
  await expect(page).toHaveURL(/\/gioco\/fantasy\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "/inizia" }).click();
  await narrations(page, 1);
  for (let turn = 2; turn <= 3; turn++) {
    await page.getByRole("button", { name: "/A" }).click();
    await narrations(page, turn);
  }
  const title = (await page.getByRole("heading", { level: 1 }).innerText()).trim();

  // From the game page's header: the menu, then each format.
  await page.getByRole("button", { name: "Esporta", exact: true }).click();
  await expect(page.getByRole("menuitem", { name: /^EPUB/ })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: /^PDF/ })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "export-menu", { fullPage: false });
  const epub = await download(page, "EPUB");
  // Chromium names the file from filename* (RFC 5987): the title with its own characters.
  expect(epub.name).toBe(`${title}.epub`);
  await expectEpub(epub.bytes);

  await page.getByRole("button", { name: "Esporta", exact: true }).click();
  const pdf = await download(page, "PDF");
  expect(pdf.name).toBe(`${title}.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const read = await readPdf(pdf.bytes);
  expect(read.title).toBe(title);
  expect(read.text).toContain("Creato con Storie.ai");

  // From /profilo: the game's own 'Esporta' menu.
  await page.goto("/profilo");
  await page.getByRole("button", { name: `Esporta ${title}` }).click();
  const fromProfile = await download(page, "EPUB");
  expect(fromProfile.name).toBe(`${title}.epub`);
  await expectEpub(fromProfile.bytes);
  await page.getByRole("button", { name: `Esporta ${title}` }).click();
  const pdfFromProfile = await download(page, "PDF");
  expect(pdfFromProfile.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await screenshots(page, "export-profile");
});
