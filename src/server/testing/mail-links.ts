/**
 * What a mail reader cannot open (issue 36 finding 18): a path of the site without its address
 * ("/decisioni/…"), as a moderation e-mail carried when PUBLIC_URL was unset. The test harness
 * refuses every such e-mail of a test run (harness.ts), and mail/mail-links.test.ts sends each
 * kind of e-mail the server writes.
 */

/** Tokens of `text` that start with "/" after a space, a bracket or a quote: relative links. */
export function relativeLinks(text: string): string[] {
  return [...text.matchAll(/(?:^|[\s(<«"'])(\/[^\s)>»"']+)/g)].map((match) => match[1]!);
}

/** Every http(s) link of `text`, as written. */
export function absoluteLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s)>»"']+/g)].map((match) => match[0]);
}
