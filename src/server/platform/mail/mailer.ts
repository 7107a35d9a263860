/**
 * Outgoing e-mail (DESIGN §2): nodemailer over SMTP_URL, or, without it, each message is
 * written to `<dataDir>/outbox/*.eml` and the file is logged (never the address or the link,
 * issue 20 §2), so registration works out of the box: the operator opens the file.
 */

import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "../ops/logger";
import { absoluteSiteLink } from "./site-links";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where messages leave: SMTP, the outbox folder, or a test's mailbox. */
export interface MailTransport {
  /** Sends one message. Throws when the SMTP server refuses it or the outbox cannot be written. */
  send(message: MailMessage): Promise<void>;
}

/**
 * The app's mailer: a transport, and the one way every e-mail writes a link of the site (issue 36
 * finding 18), so no e-mail carries a path a mail reader cannot open.
 */
export interface Mailer extends MailTransport {
  /**
   * The full address of a path of the site ("/decisioni/…") or of a full address already on the
   * site (Better Auth's links), for the text of an e-mail. Throws for a link to another site.
   */
  link(target: string): string;
}

export interface MailerOptions {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  logger: Logger;
}

/** Creates the transport for the configuration (SMTP when smtpUrl is set, otherwise the outbox folder). */
export function createMailer(options: MailerOptions): MailTransport {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      // The file, never the address or the link (a sign-in secret): the operator opens the file.
      options.logger.info({ file }, "E-mail salvata nella cartella outbox (SMTP_URL non impostato)");
    },
  };
}

/**
 * The app's mailer over `transport`, writing links on `siteUrl` (PUBLIC_URL, else the address the
 * server listens on). Output: Mailer; send is the transport's.
 */
export function withSiteLinks(transport: MailTransport, siteUrl: string): Mailer {
  return { send: (message) => transport.send(message), link: (target) => absoluteSiteLink(siteUrl, target) };
}
