/**
 * The templates feature's public surface (issue 37: another feature imports templates only
 * through this file): the saved templates' query, their empty state and playing a template
 * (/profilo's favourites).
 */

export { savedTemplatesQuery } from "./api";
export { SavedTemplatesEmpty } from "./components/saved-templates-empty";
export { usePlayTemplate } from "./use-play-template";
