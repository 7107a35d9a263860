/**
 * Social sign-in, linked accounts and admin invitations in Chromium (issue 10; spec §7
 * identities, /invite, /admin/generate_link; §8 identity codes): the whole redirect flow runs
 * against the local OpenID Connect provider started by playwright.config.ts (oauth2-mock-server on
 * 127.0.0.1), configured as the site's generic provider; the `oidc-mock-user` cookie says who is
 * signed in at the provider. Screenshots at 390 px and 1280 px; axe on /login with providers.
 */

import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { OIDC_MOCK_NAME, OIDC_MOCK_URL } from "../playwright.config";
import { MOCK_USER_COOKIE } from "../src/server/testing/oidc-mock";
import { expectAccessible, newEmail, signedInPlayer, signInAdmin } from "./fixtures";

const BUTTON = `Continua con ${OIDC_MOCK_NAME}`;

/** Signs `email` in at the provider (its cookie on 127.0.0.1). */
async function atProvider(context: BrowserContext, email: string): Promise<void> {
  await context.addCookies([{ name: MOCK_USER_COOKIE, value: encodeURIComponent(email), url: OIDC_MOCK_URL }]);
}

/**
 * In a new browser signed in at the provider as `providerEmail`: 'Continua con …' on /login.
 * Output: the e-mail of the site account it reaches.
 */
async function signInElsewhere(browser: Browser, providerEmail: string): Promise<string> {
  const context = await browser.newContext();
  await atProvider(context, providerEmail);
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("button", { name: BUTTON }).click();
  await expect(page).toHaveURL(/\/generi$/);
  const me = (await (await page.request.get("/api/me")).json()) as { user: { email: string } };
  await context.close();
  return me.user.email;
}

/** Phone (390 px) and desktop (1280 px) screenshots of the page, kept as artifacts. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const [label, width] of [["390", 390], ["1280", 1280]] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `e2e-artifacts/screenshots/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

const linkedCard = (page: Page) => page.getByRole("heading", { name: "Account collegati" }).locator("xpath=ancestor::*[@data-slot='card'][1]");
/** Scrolls to the 'Account collegati' card, as a player does (it asks for the identities once in view), and returns it. */
async function goToLinkedCard(page: Page) {
  const card = linkedCard(page);
  await card.scrollIntoViewIfNeeded();
  return card;
}
/** The mock provider's row of the 'Account collegati' card. */
const providerRow = (page: Page) => linkedCard(page).getByRole("listitem").filter({ hasText: OIDC_MOCK_NAME });

test("a newcomer signs up with the provider; the only way to sign in cannot be unlinked", async ({ page, context }) => {
  const email = newEmail("oidc");
  await atProvider(context, email);
  await page.goto("/login");
  await expect(page.getByText("Continuando con un altro servizio accetti la")).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "login-providers");

  await page.getByRole("button", { name: BUTTON }).click();
  await expect(page).toHaveURL(/\/generi$/);
  // Issue 23: the first sign-in through a provider asks 'Ho almeno 14 anni', once.
  const age = page.getByRole("dialog", { name: "Conferma la tua età" });
  await age.getByRole("button", { name: "Conferma" }).click();
  await expect(age.getByText("Devi avere almeno 14 anni per registrarti: conferma la tua età.")).toBeVisible();
  await age.getByLabel("Ho almeno 14 anni").check();
  await expectAccessible(page);
  await screenshots(page, "age-confirmation");
  await age.getByRole("button", { name: "Conferma" }).click();
  await expect(age).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Profilo" })).toBeVisible();
  expect((await (await page.request.get("/api/me")).json()).user.email).toBe(email);
  await page.reload();
  await expect(page.getByRole("link", { name: "Profilo" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Conferma la tua età" })).toHaveCount(0);

  await page.goto("/profilo");
  const card = await goToLinkedCard(page);
  await expect(card.getByText("Nessuna password impostata")).toBeVisible();
  await expect(card.getByText("Collegato", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: `Scollega ${OIDC_MOCK_NAME}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Scollega" }).click();
  await expect(page.getByText("Impossibile scollegare")).toBeVisible();
  await expect(page.getByText("È l'unico modo per accedere al tuo account")).toBeVisible();
  await expect(card.getByRole("button", { name: `Scollega ${OIDC_MOCK_NAME}` })).toBeVisible();
});

test("a player links the provider from the profile, signs in with it, and unlinks it", async ({ page, context, browser }) => {
  const email = await signedInPlayer(page);
  const providerEmail = newEmail("altro");
  await atProvider(context, providerEmail);
  await page.goto("/profilo");
  const card = await goToLinkedCard(page);
  await expect(card.getByText("Password impostata")).toBeVisible();
  await expect(providerRow(page).getByText("Non collegato")).toBeVisible();
  await expectAccessible(page);
  await card.getByRole("button", { name: `Collega ${OIDC_MOCK_NAME}` }).click();
  await expect(page).toHaveURL(/\/profilo$/);
  await expect(page.getByText("Account collegato", { exact: true })).toBeVisible();
  await expect(card.getByText(/^Collegato il /)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await screenshots(page, "profile-linked-accounts");

  // Another browser signed in at the provider as the same identity reaches this account.
  expect(await signInElsewhere(browser, providerEmail)).toBe(email);

  await card.getByRole("button", { name: `Scollega ${OIDC_MOCK_NAME}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Scollega" }).click();
  await expect(page.getByText("Account scollegato")).toBeVisible();
  await expect(providerRow(page).getByText("Non collegato")).toBeVisible();
});

test("an identity of another account is refused in Italian (identity_already_exists)", async ({ page, context, browser }) => {
  const taken = newEmail("preso");
  expect(await signInElsewhere(browser, taken)).toBe(taken);

  await signedInPlayer(page);
  await atProvider(context, taken);
  await page.goto("/profilo");
  await (await goToLinkedCard(page)).getByRole("button", { name: `Collega ${OIDC_MOCK_NAME}` }).click();
  await expect(page.getByText("Account già collegato")).toBeVisible();
  await expect(page.getByText("Questo account è già collegato a un altro utente.")).toBeVisible();
  await expect(page).toHaveURL(/\/profilo$/);
});

test("an admin copies the invitation link of a new user, who sets a password with it", async ({ page, browser }) => {
  const email = newEmail("invitato");
  await signInAdmin(page);
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Nuovo Utente" }).click();
  const form = page.getByRole("dialog", { name: "Nuovo Utente" });
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Crea Utente" }).click();
  await expect(page.getByText("Utente creato")).toBeVisible();
  await page.getByLabel("Cerca per email").fill(email);
  const row = page.getByRole("row").filter({ hasText: email });

  await row.getByRole("button", { name: `Invia di nuovo l'invito a ${email}` }).click();
  await expect(page.getByText("Invito inviato di nuovo")).toBeVisible();
  await row.getByRole("button", { name: `Link d'invito di ${email}` }).click();
  const dialog = page.getByRole("dialog", { name: "Link d'invito" });
  const link = await dialog.getByLabel("Link").inputValue();
  expect(link).toMatch(/\/api\/auth\/reset-password\/[\w-]+\?callbackURL=%2Freimposta-password$/);
  await expectAccessible(page);
  await screenshots(page, "admin-invitation-link");
  await page.keyboard.press("Escape");
  await screenshots(page, "admin-invitation-controls");

  const newcomer = await (await browser.newContext()).newPage();
  await newcomer.goto(link);
  await expect(newcomer).toHaveURL(/\/reimposta-password\?token=/);
  const token = new URL(newcomer.url()).searchParams.get("token");
  const reset = await newcomer.request.post("/api/auth/reset-password", { data: { newPassword: "password-invito-1", token } });
  expect(reset.ok()).toBe(true);
  const signIn = await newcomer.request.post("/api/auth/sign-in/email", { data: { email, password: "password-invito-1" } });
  expect(signIn.ok()).toBe(true);
  // Once the password is set the row has no invitation controls.
  await page.reload();
  await page.getByLabel("Cerca per email").fill(email);
  await expect(row).toBeVisible();
  await expect(row.getByRole("button", { name: `Link d'invito di ${email}` })).toHaveCount(0);
});
