/**
 * The Better Auth browser client, loaded on first use (issues 12 and 21): pages that only
 * sometimes call it (sign-out, guest sign-in, /profilo's 'Sicurezza' card) do not carry it in
 * their first load. Output: the client of `./auth-client`, the same object on every call.
 */
export function loadAuthClient() {
  return import("./auth-client").then((module) => module.authClient);
}
