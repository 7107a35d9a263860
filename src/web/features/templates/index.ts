/**
 * The templates feature's public surface (issue 37: another feature imports templates only
 * through this file): the saved templates' query, their empty state and playing a template
 * (/profilo's favourites), and Scopri's first page and its cards (the landing page's 'Storie da giocare', issue 40 §4).
 */

export { discoverQuery, savedTemplatesQuery } from "./api";
export { TemplateCard } from "./components/template-card";
export { SavedTemplatesEmpty } from "./components/saved-templates-empty";
export { usePlayTemplate } from "./use-play-template";
