/** The moderation feature's public surface (issue 37): the moderation figures, on the admin dashboard too. */

export { ModerationFigures } from "./components/moderation-figures";
