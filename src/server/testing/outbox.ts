/**
 * Reads the e-mails the server wrote to `<dataDir>/outbox` (no SMTP configured), as a player
 * would read their inbox. Used by end-to-end tests and benchmarks.
 */

import fs from "node:fs/promises";
import path from "node:path";
import PostalMime from "postal-mime";

/**
 * The first link of the newest e-mail to `email`.
 * Throws when the outbox has no e-mail with a link for that address.
 */
export async function outboxLink(dataDir: string, email: string): Promise<string> {
  const dir = path.join(dataDir, "outbox");
  const files = (await fs.readdir(dir).catch(() => [])).sort().reverse();
  for (const file of files) {
    const mail = await PostalMime.parse(await fs.readFile(path.join(dir, file)));
    if (!(mail.to ?? []).some((a) => "address" in a && a.address === email)) continue;
    const link = /https?:\/\/\S+/.exec(mail.text ?? "")?.[0];
    if (link) return link;
  }
  throw new Error(`no e-mail with a link for ${email} in ${dir}`);
}
