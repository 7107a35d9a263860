/**
 * The only scripts a server-rendered page runs inline: two before its first paint (issue 21: a
 * phone shows the right thing at once instead of after the app has loaded) and the one that
 * loads the app after it (issue 39). Each is a constant
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

/**
 * Id of a server-rendered page's JSON list of the app's scripts (public paths): the browser's
 * entry first, then every chunk it and the page import (src/server/features/http/prerender.ts).
 */
export const APP_SCRIPTS_ELEMENT_ID = "app-scripts";

/**
 * Put at the end of a server-rendered page, after the APP_SCRIPTS_ELEMENT_ID list: once the page
 * has painted (a task after the first frame; at once in a hidden tab, which paints no frame) it
 * runs the entry as a module script, which hydrates the page, and asks for the chunks as
 * modulepreloads, each put in <head> in a task of its own: an element that starts a request costs
 * 5–20 ms on a 4× slower CPU with the developer tools open (as Lighthouse runs), and the 26 of a
 * game page in one task blocked it for 65–300 ms. The page paints without any script, so its
 * paint no longer shares a slow phone network with 200 KB of scripts, and Lighthouse no longer
 * counts them in its largest paint: the game page's LCP went from 2.7–3.0 s to 1.1 s (issue 39,
 * ADR 0029).
 */
export const START_APP_SCRIPT = `(function(){function put(u,i){var e=document.createElement(i?\`link\`:\`script\`);if(i){e.rel=\`modulepreload\`;e.href=u}else{e.type=\`module\`;e.src=u}e.crossOrigin=\`\`;document.head.appendChild(e)}function go(){JSON.parse(document.getElementById(\`${APP_SCRIPTS_ELEMENT_ID}\`).textContent).forEach(function(u,i){setTimeout(put,0,u,i)})}document.hidden?go():requestAnimationFrame(function(){setTimeout(go)})})()`;

/** Every inline script above: their hashes are the CSP's allowed inline scripts. */
export const FIRST_PAINT_SCRIPTS = [MARK_COOKIE_CHOICE_SCRIPT, SCROLL_TO_STORY_END_SCRIPT, START_APP_SCRIPT] as const;
