/**
 * A second server for specs that need another configuration than the suite's (e.g. a narration
 * slow enough to watch being written: the suite's server writes one in well under a second): the
 * built server (dist-server) on a free port, with its own data folder and SQLite database.
 */

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { expect, type Page } from "@playwright/test";
import { outboxLink } from "../src/server/testing/outbox";
import { newEmail, PASSWORD } from "./fixtures";

export interface ExtraServer {
  /** Its origin, e.g. http://127.0.0.1:3224. */
  base: string;
  /** Its data folder (holds storie.sqlite and the outbox). */
  dataDir: string;
  /** Signs a new player up and confirms the address; the page ends on /generi. */
  signUp(page: Page): Promise<void>;
  /** Stops the server, waits for it to exit and removes its data folder. */
  stop(): Promise<void>;
}

/** A port nobody listens on now (the system's choice), so that runs side by side never share one. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Input: environment variables on top of the defaults below (e.g. OFFLINE_WORD_DELAY_MS).
 * Output: the running server, on a free port; throws when it exits or does not answer in 30 s.
 */
export async function startExtraServer(extraEnv: Record<string, string>): Promise<ExtraServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = `e2e-artifacts/data-extra-${port}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    AI_BASE_URL: "",
    AUTH_RATE_LIMIT: "off",
    // Issue 40 §4: tests start on an empty 'Scopri' unless they ask for the starters.
    STARTER_SCENARIOS: "off",
    REQUIRE_ADMIN_2FA: "off",
    ...extraEnv,
  };
  const child: ChildProcess = spawn(process.execPath, ["dist-server/index.js"], { env, stdio: "ignore" });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await expect.poll(() => {
    if (child.exitCode !== null) throw new Error(`the extra server exited (${child.exitCode})`);
    return fetch(`${base}/api/health`).then((r) => r.ok, () => false);
  }, { timeout: 30_000 }).toBe(true);
  return {
    base,
    dataDir,
    async signUp(page) {
      const email = newEmail();
      const response = await page.request.post(`${base}/api/auth/sign-up/email`, {
        data: { email, password: PASSWORD, name: "e2e", acceptPrivacy: true, confirmAge: true, callbackURL: "/generi" },
      });
      expect(response.ok()).toBe(true);
      await expect.poll(() => outboxLink(dataDir, email).then(() => true, () => false)).toBe(true);
      await page.goto(await outboxLink(dataDir, email));
      await expect(page).toHaveURL(/\/generi$/);
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
