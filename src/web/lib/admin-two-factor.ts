/**
 * REQUIRE_ADMIN_2FA on the web (issue 10): where the admin guard sends an admin without
 * two-step verification (the profile's 'Sicurezza' card, which explains why).
 */

export const ADMIN_2FA_REASON = "admin-2fa";
export const ADMIN_2FA_SETUP_PATH = `/profilo?motivo=${ADMIN_2FA_REASON}#sicurezza`;
