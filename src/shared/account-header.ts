/**
 * The response header with which the server names the account a story answer belongs to (issue 39
 * "Installable", docs/decisions/0024): set on GET /api/games/:id and on the game page rendered with
 * it, read by the service worker to keep the answer in that account's cache only.
 */
export const ACCOUNT_HEADER = "X-Storie-Account";
