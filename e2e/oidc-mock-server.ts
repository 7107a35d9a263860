/**
 * The local OpenID Connect provider of the end-to-end run (playwright.config.ts starts it before
 * the site, on 127.0.0.1:OIDC_MOCK_PORT): oauth2-mock-server with discovery, JWKS, PKCE and
 * nonce. The browser chooses who signs in at the provider with the `oidc-mock-user` cookie.
 */

import { startOidcMock } from "../src/server/testing/oidc-mock";

const port = Number(process.env.OIDC_MOCK_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error("OIDC_MOCK_PORT must be a port number");
const mock = await startOidcMock({ port });
console.log(`OpenID Connect mock on ${mock.issuerUrl}`);
const stop = () => void mock.close().finally(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
