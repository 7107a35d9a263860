/**
 * Accounts a player can rely on (issue 10), in Chromium against the real server: 'Password
 * dimenticata?' through the outbox link (the new password signs in, other devices are signed
 * out, the used link says so and offers a new one); a bad confirmation link is explained with
 * 'Invia di nuovo'; a visitor comes back to a template's page after signing in; a visitor sees a
 * genre's game screen and greeting, and any attempt to play leads to /login and back; a session that
 * ends during play returns to the game after signing in again. axe finds no serious or critical
 * problem on /login (with the forgot-password form) and /reimposta-password; phone and desktop
 * screenshots of both are kept.
 */

import { expect, type Page, test } from "@playwright/test";
import { E2E_DATA_DIR } from "../playwright.config";
import { outboxLink } from "../src/server/testing/outbox";
import { GENRE_INFO } from "../src/shared/genres";
import { confirmationPath, conversation, expectAccessible, newEmail, PASSWORD, signedInPlayer, signInAdmin } from "./fixtures";

/** Path + query of the newest outbox link for `email` whose path contains `kind`, once it is there. */
async function mailedLink(email: string, kind: string): Promise<string> {
  let found = "";
  await expect
    .poll(async () => {
      found = await outboxLink(E2E_DATA_DIR, email).catch(() => "");
      return found.includes(kind);
    })
    .toBe(true);
  const url = new URL(found);
  return url.pathname + url.search;
}

/** Phone (390 px) and desktop (1280 px) screenshots, kept as artifacts. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const [label, size] of [["390", { width: 390, height: 844 }], ["1280", { width: 1280, height: 900 }]] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `e2e-artifacts/screenshots/accounts-${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Signs in through the /login form already open on `page`. */
async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Accedi" }).last().click();
}

test("a player who forgot the password gets back in from the e-mail alone; the link then says it was used", async ({ page, browser }) => {
  const email = await signedInPlayer(page);
  // Another device where the player is signed in: the reset must end that session too.
  const phone = await browser.newContext();
  expect((await phone.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } })).ok()).toBe(true);
  expect((await phone.request.get("/api/me")).status()).toBe(200);
  await page.context().clearCookies();

  await page.goto("/login");
  await page.getByRole("button", { name: "Accetta" }).click();
  await page.getByRole("button", { name: "Password dimenticata?" }).click();
  await expect(page.getByRole("heading", { name: "Password dimenticata?" })).toBeVisible();
  await page.getByRole("button", { name: "Invia il link" }).click();
  await expect(page.getByText("Inserisci un'email valida.")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await expectAccessible(page);
  await screenshots(page, "login-password-dimenticata");
  await page.getByRole("button", { name: "Invia il link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Controlla la tua email" })).toContainText(email);

  const link = await mailedLink(email, "/api/auth/reset-password/");
  await page.goto(link);
  await expect(page).toHaveURL(/\/reimposta-password\?token=/);
  await expect(page.getByRole("heading", { name: "Imposta la password" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Nuova password").fill("corta");
  await page.getByRole("button", { name: "Imposta password" }).click();
  await expect(page.getByText("La password deve contenere almeno 8 caratteri.")).toBeVisible();
  await page.getByLabel("Nuova password").fill("password-ritrovata-1");
  await page.getByLabel("Conferma password").fill("password-ritrovata-1");
  await page.getByRole("button", { name: "Imposta password" }).click();

  // Signed in with the new password, on /generi; the other device is signed out.
  await expect(page).toHaveURL(/\/generi$/);
  await expect(page.getByText("Password aggiornata")).toBeVisible();
  expect((await page.request.get("/api/me")).status()).toBe(200);
  expect((await phone.request.get("/api/me")).status()).toBe(401);
  await phone.close();

  // The link works once: opened again it explains itself and offers a new one.
  await page.goto(link);
  await expect(page).toHaveURL(/\/reimposta-password\?error=INVALID_TOKEN/);
  await expect(page.getByRole("heading", { name: "Link scaduto o già usato" })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "reimposta-password-link-scaduto");
  await page.getByRole("button", { name: "Richiedi un nuovo link" }).click();
  await expect(page.getByRole("heading", { name: "Password dimenticata?" })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeVisible();
});

test("an unconfirmed sign-in and a tampered confirmation link both offer 'Invia di nuovo', and the new link signs in", async ({ page }) => {
  const email = newEmail("conferma");
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name: "e2e", acceptPrivacy: true, confirmAge: true, callbackURL: "/login?conferma=1" },
  });
  expect(signUp.ok()).toBe(true);
  const link = await confirmationPath(email);

  // Signing in before confirming: the toast says a new link was sent, and 'Invia di nuovo' is offered.
  await page.goto("/login");
  await signInWithForm(page, email, PASSWORD);
  await expect(page.getByText("Conferma il tuo indirizzo email: ti abbiamo inviato un nuovo link.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Email da confermare" }).getByRole("button", { name: "Invia di nuovo" })).toBeVisible();

  await page.goto(link.replace(/token=([^&]+)/, (_m, token: string) => `token=${token.slice(0, -6)}xxxxxx`));

  await expect(page).toHaveURL(/\/login\?conferma=1&error=INVALID_TOKEN$/);
  const notice = page.getByRole("alert").filter({ hasText: "Link di conferma non valido" });
  await expect(notice).toContainText("Il link non è valido o è scaduto. Richiedine uno nuovo.");
  await page.getByRole("button", { name: "Accetta" }).click();
  await expectAccessible(page);
  await notice.getByLabel("Email").fill(email);
  await notice.getByRole("button", { name: "Invia di nuovo" }).click();
  await expect(notice.getByRole("status")).toContainText(`Se l'indirizzo ${email} deve ancora essere confermato`);

  await expect.poll(async () => (await confirmationPath(email)) !== link).toBe(true);
  await page.goto(await confirmationPath(email));
  // The sign-in above sent a link too: every unexpired one confirms.
  await expect(page).toHaveURL(/\/generi$/);
  expect((await page.request.get("/api/me")).status()).toBe(200);
});

test("a visitor pressing 'Gioca Ora' signs in and comes back to the template's page", async ({ page, playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInAdmin(admin);
  const title = `Il ritorno ${Date.now()}`;
  const created = await admin.post("/api/admin/templates", {
    headers: { origin: baseURL! },
    data: { title, description: "Un viaggio che torna sempre al punto di partenza.", genre: "Avventura", initial_prompt: "Il treno si ferma nella stazione da cui eri partito." },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await admin.dispose();

  const email = await signedInPlayer(page);
  await page.context().clearCookies();
  await page.goto(`/scopri/x/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const templateUrl = page.url();
  await page.getByRole("button", { name: "Gioca Ora" }).click();
  await expect(page.getByText("Accesso richiesto")).toBeVisible();
  await expect(page.getByText("Devi effettuare il login per iniziare una nuova partita")).toBeVisible();
  await expect(page).toHaveURL(/\/login\?next=%2Fscopri%2F/);

  await signInWithForm(page, email, PASSWORD);
  await expect(page).toHaveURL(templateUrl);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});

test("a visitor sees the Horror game screen, and /inizia, typing or a command leads to /login and back (issue 22 §2)", async ({ page }) => {
  const email = await signedInPlayer(page);
  await page.context().clearCookies();
  await page.goto("/gioco/horror/new");
  await expect(page.getByRole("heading", { level: 1, name: "Nuova Avventura Horror" })).toBeVisible();
  await expect(conversation(page).first()).toContainText(GENRE_INFO.Horror.greeting);
  for (const name of ["/inizia", "/visualizza (2 token)", "/A", "/B", "/C", "/nuovo"]) await expect(page.getByRole("button", { name, exact: true })).toBeEnabled();
  await expectAccessible(page);

  const refused = async () => {
    await expect(page).toHaveURL(/\/login\?next=%2Fgioco%2Fhorror%2Fnew$/);
    await expect(page.getByText("Accesso richiesto")).toBeVisible();
    await expect(page.getByText("Devi effettuare il login per iniziare una nuova partita")).toBeVisible();
  };
  await page.getByLabel("Scrivi la tua azione").fill("Apro la porta della cantina");
  await page.getByRole("button", { name: "Invia" }).click();
  await refused();
  await page.goBack();
  await page.getByRole("button", { name: "/B" }).click();
  await refused();
  await page.goBack();
  await page.getByRole("button", { name: "/inizia" }).click();
  await refused();

  // Signed in, a new Horror game is created and plays.
  await signInWithForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/gioco\/horror\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "/inizia" }).click();
  await expect(conversation(page).filter({ hasText: "C)" })).toHaveCount(1, { timeout: 30_000 });
});

test("a session that ends during play leads to /login and back to the game", async ({ page }) => {
  const email = await signedInPlayer(page);
  await page.goto("/generi");
  await page.getByRole("button", { name: /Horror/ }).click();
  await page.getByRole("button", { name: "Inizia la Storia" }).click();
  await expect(page).toHaveURL(/\/gioco\/horror\/[0-9a-f-]{36}$/);
  const gameUrl = page.url();
  await page.getByRole("button", { name: "Accetta" }).click();
  // The game has loaded (on a slow machine its request could otherwise go out after the cookie
  // is gone, and the page, not the player, would be the first to find the session ended).
  await expect(page.getByRole("button", { name: "/inizia" })).toBeEnabled();

  // The session ends on the server (here: the cookie is gone), then the player acts.
  await page.context().clearCookies();
  await page.getByRole("button", { name: "/inizia" }).click();
  await expect(page.getByText("Per favore effettua il login per continuare")).toBeVisible();
  await expect(page).toHaveURL(/\/login\?next=%2Fgioco%2Fhorror%2F/);

  await signInWithForm(page, email, PASSWORD);
  await expect(page).toHaveURL(gameUrl);
});

test("a visitor asking for a foreign page after sign-in stays on the site", async ({ page }) => {
  const email = await signedInPlayer(page);
  await page.context().clearCookies();
  for (const next of ["https://example.com/", "//example.com/", "/\\example.com/"]) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await signInWithForm(page, email, PASSWORD);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/generi$/);
    await page.context().clearCookies();
  }
});
