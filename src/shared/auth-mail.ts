/**
 * How often the site sends an account e-mail (confirmation link, password-reset link) to one
 * recipient (issue 9 finding 6): the server's per-recipient limit and the web's texts share it.
 */
export const MAIL_INTERVAL_MINUTES = 5;
