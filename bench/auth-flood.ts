/**
 * Sign-in limits under attack (issue 9, findings 2, 3 and 6). Prints a report; not a test.
 *
 * Starts the real server (SQLite, limits on) and plays an attacker and a player from distinct
 * loopback source addresses (127.0.0.2 attacks, 127.0.0.3 is the player):
 * - 350 wrong passwords with a rotating X-Forwarded-For: how many were refused (429), and does
 *   the right password then sign in from the attacker's address;
 * - the player's sign-in time alone, then during 200 concurrent wrong guesses on another account
 *   from the attacker (rotating X-Forwarded-For) and from 200 distinct addresses; password
 *   hashes done during each flood;
 * - 20 wrong passwords from the attacker: can the player still sign in at once;
 * - 550 'Tutorial' guests with a rotating X-Forwarded-For: how many were created;
 * - 50 sign-ups with a rotating X-Forwarded-For and 20 sign-ins to an unconfirmed account:
 *   e-mails sent.
 * Usage: npm run bench:auth (BENCH_QUICK=1: 30 wrong passwords, floods of 20, 30 guests, 12 sign-ups, 5 sign-ins).
 * Fails (exit 1) when a sign-up is refused for any reason but the limits (429) or the unconfirmed
 * account's sign-up gets no e-mail.
 */

import { performance } from "node:perf_hooks";
import { registerPlayer, startTestServer, TestClient, type TestServer } from "../src/server/testing/harness";
import { expectOk, signUpBody, sized } from "./bench-support";

const ATTACKER = "127.0.0.2";
const PLAYER = "127.0.0.3";
const WRONG_PASSWORDS = sized(350, 30);
const FLOOD = sized(200, 20);
const GUESTS = sized(550, 30);
const SIGN_UPS = sized(50, 12);
const UNCONFIRMED_SIGN_INS = sized(20, 5);

let rotation = 0;
/** A fresh forged X-Forwarded-For header, as an attacker would send. */
function forged(): RequestInit {
  rotation++;
  return { headers: { "x-forwarded-for": `10.${(rotation >> 16) & 255}.${(rotation >> 8) & 255}.${rotation & 255}` } };
}

/** Password hashes and verifications done so far. */
function hashes(server: TestServer): number {
  return server.deps.auth.passwordWork.hash + server.deps.auth.passwordWork.verify;
}

async function signIn(client: TestClient, email: string, password: string, init?: RequestInit) {
  return client.request("POST", "/api/auth/sign-in/email", { email, password }, init);
}

async function timedSignIn(email: string, password: string, from: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await signIn(new TestClient(serverUrl, from), email, password);
  await response.arrayBuffer();
  return { status: response.status, ms: Math.round(performance.now() - started) };
}

let serverUrl = "";

async function fresh(): Promise<TestServer> {
  const server = await startTestServer("sqlite", { env: { AUTH_RATE_LIMIT: "on" } });
  serverUrl = server.url;
  return server;
}

/**
 * The player's sign-in time alone, then while FLOOD concurrent wrong guesses on another account
 * come from `source(i)` (with `init()` headers): report rows.
 */
async function flood(label: string, source: (i: number) => string, init: () => RequestInit = () => ({})): Promise<[string, string][]> {
  const server = await fresh();
  try {
    const target = await registerPlayer(server);
    const regular = await registerPlayer(server);
    const alone = await timedSignIn(regular.email, regular.password, PLAYER);
    const before = hashes(server);
    const guesses = Array.from({ length: FLOOD }, (_, i) => signIn(new TestClient(server.url, source(i)), target.email, `sbagliata-${i}`, init()).then((r) => r.arrayBuffer()));
    const during = await timedSignIn(regular.email, regular.password, PLAYER);
    await Promise.all(guesses);
    return [
      [`player's sign-in alone (ms, status)`, `${alone.ms}, ${alone.status}`],
      [`player's sign-in during ${FLOOD} guesses from ${label} (ms, status)`, `${during.ms}, ${during.status}`],
      [`password hashes for those ${FLOOD} guesses`, String(hashes(server) - before)],
    ];
  } finally {
    await server.close();
  }
}

async function main() {
  const rows: [string, string][] = [];

  let server = await fresh();
  const victim = await registerPlayer(server);
  const attacker = new TestClient(server.url, ATTACKER);
  let refused = 0;
  for (let i = 0; i < WRONG_PASSWORDS; i++) {
    const response = await signIn(attacker, victim.email, `sbagliata-${i}`, forged());
    await response.arrayBuffer();
    if (response.status === 429) refused++;
  }
  rows.push([`${WRONG_PASSWORDS} wrong passwords, rotating X-Forwarded-For: refused (429)`, String(refused)]);
  const right = await signIn(attacker, victim.email, victim.password, forged());
  rows.push(["then the right password from the attacker's address", String(right.status)]);
  await server.close();

  rows.push(...(await flood("one address, rotating X-Forwarded-For", () => ATTACKER, forged)));
  rows.push(...(await flood(`${FLOOD} addresses`, (i) => `127.0.1.${i + 4}`)));

  server = await fresh();
  const other = await registerPlayer(server);
  const player = await registerPlayer(server);
  for (let i = 0; i < 20; i++) await (await signIn(new TestClient(server.url, ATTACKER), other.email, `sbagliata-${i}`)).arrayBuffer();
  rows.push(["after 20 wrong passwords from the attacker, the player's sign-in", String((await timedSignIn(player.email, player.password, PLAYER)).status)]);
  await server.close();

  server = await fresh();
  let guests = 0;
  const guestStart = performance.now();
  for (let i = 0; i < GUESTS; i++) {
    const response = await new TestClient(server.url, ATTACKER).request("POST", "/api/auth/sign-in/anonymous", {}, forged());
    await response.arrayBuffer();
    if (response.status === 200) guests++;
  }
  rows.push([`${GUESTS} guest sign-ins, rotating X-Forwarded-For: created (in ${Math.round(performance.now() - guestStart)} ms)`, String(guests)]);
  const otherGuest = await new TestClient(server.url, PLAYER).request("POST", "/api/auth/sign-in/anonymous", {});
  rows.push(["then a guest from another address", String(otherGuest.status)]);
  await server.close();

  server = await fresh();
  const signUpClient = new TestClient(server.url, ATTACKER);
  const signUpStatuses: Record<number, number> = {};
  for (let i = 0; i < SIGN_UPS; i++) {
    const response = await signUpClient.request("POST", "/api/auth/sign-up/email", signUpBody(`vittima-${i}@example.com`, "password-sicura-1", "x"), forged());
    // Refused by the limits (429) is what this measures; any other refusal is a broken sign-up.
    await expectOk(response, `sign-up ${i} of the flood`, [429]);
    await response.arrayBuffer();
    signUpStatuses[response.status] = (signUpStatuses[response.status] ?? 0) + 1;
  }
  const answers = Object.entries(signUpStatuses).map(([status, n]) => `${n}× ${status}`).join(", ");
  rows.push([`${SIGN_UPS} sign-ups, rotating X-Forwarded-For (${answers}): e-mails sent`, String(server.mailbox.length)]);
  const unconfirmed = "non-confermato@example.com";
  const fresh2 = new TestClient(server.url, PLAYER);
  await (await expectOk(await fresh2.request("POST", "/api/auth/sign-up/email", signUpBody(unconfirmed, "password-sicura-1", "x")), "sign-up of the unconfirmed account")).arrayBuffer();
  if (!server.mailbox.some((m) => m.to === unconfirmed)) throw new Error(`the sign-up of ${unconfirmed} sent no confirmation e-mail`);
  for (let i = 0; i < UNCONFIRMED_SIGN_INS; i++) await (await signIn(new TestClient(server.url, `127.0.3.${i + 1}`), unconfirmed, "password-sicura-1", forged())).arrayBuffer();
  rows.push([`sign-up + ${UNCONFIRMED_SIGN_INS} sign-ins to an unconfirmed account: e-mails sent`, String(server.mailbox.filter((m) => m.to === unconfirmed).length)]);
  await server.close();

  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
