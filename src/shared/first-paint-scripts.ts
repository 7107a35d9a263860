/**
 * The only scripts a server-rendered page runs inline, before its first paint (issue 21: a
 * phone shows the right thing at once instead of after the app has loaded). Each is a constant
 * (nothing from a user or the model), written without characters HTML would escape, and the
 * Content-Security-Policy allows exactly these texts by their SHA-256 hash (src/server/app/app.ts).
 */

/** localStorage key of the cookie consent (spec §9 cookie banner). */
export const COOKIE_CONSENT_KEY = "cookie_consent";

/**
 * Put just before the cookie banner: when the visitor already chose, marks <html> with
 * `data-cookie-choice`, which hides the banner (styles.css) before it is painted.
 */
export const MARK_COOKIE_CHOICE_SCRIPT = `try{localStorage.getItem(\`${COOKIE_CONSENT_KEY}\`)!==null&&document.documentElement.setAttribute(\`data-cookie-choice\`,\`\`)}catch(e){}`;

/**
 * Attribute the game page's first-paint script puts on <html> once the reader moves the page
 * (wheel, touch, key or pointer) before the app runs: the app then leaves the page where the
 * reader took it instead of bringing it back to the end of the story.
 */
export const READER_MOVED_ATTRIBUTE = "data-reader-moved";

/**
 * Put right after the game page's end marker (the element after the command bar): opens the page
 * with the end of the story and the command bar at the bottom of the screen, where the player
 * resumes (the app keeps it there once it runs), and marks <html> with READER_MOVED_ATTRIBUTE
 * when the reader moves the page before the app runs.
 */
export const SCROLL_TO_STORY_END_SCRIPT = `document.currentScript.previousElementSibling.scrollIntoView(false);[\`wheel\`,\`touchmove\`,\`keydown\`,\`pointerdown\`].forEach(function(t){addEventListener(t,function(){document.documentElement.setAttribute(\`${READER_MOVED_ATTRIBUTE}\`,\`\`)},{passive:true,once:true})})`;

/** Every inline script above: their hashes are the CSP's allowed inline scripts. */
export const FIRST_PAINT_SCRIPTS = [MARK_COOKIE_CHOICE_SCRIPT, SCROLL_TO_STORY_END_SCRIPT] as const;
