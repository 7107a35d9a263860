/** The admin feature's public surface (issue 37): the console pages' header, also used by the moderation queue. */

export { AdminPageHeader } from "./components/admin-page-header";
