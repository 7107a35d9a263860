/**
 * The only scripts a server-rendered page runs inline, before its first paint (issue 21: a
 * phone shows the right thing at once instead of after the app has loaded). Each is a constant
 * (nothing from a user or the model), written without characters HTML would escape, and the
 * Content-Security-Policy allows exactly these texts by their SHA-256 hash (src/server/app.ts).
 */

/** localStorage key of the cookie consent (spec §9 cookie banner). */
export const COOKIE_CONSENT_KEY = "cookie_consent";

/**
 * Put just before the cookie banner: when the visitor already chose, marks <html> with
 * `data-cookie-choice`, which hides the banner (styles.css) before it is painted.
 */
export const MARK_COOKIE_CHOICE_SCRIPT = `try{localStorage.getItem(\`${COOKIE_CONSENT_KEY}\`)!==null&&document.documentElement.setAttribute(\`data-cookie-choice\`,\`\`)}catch(e){}`;

/**
 * Put right after the game page's end marker (the element after the command bar): opens the page
 * with the end of the story and the command bar at the bottom of the screen, where the player
 * resumes (the app keeps it there once it runs).
 */
export const SCROLL_TO_STORY_END_SCRIPT = "document.currentScript.previousElementSibling.scrollIntoView(false)";

/** Id of the JSON list of a server-rendered page's scripts: its entry first, then the modules it preloads. */
export const PAGE_SCRIPTS_ELEMENT_ID = "page-scripts";

/**
 * Put at the end of a server-rendered page: loads the page's scripts (the list in
 * #page-scripts) once the page has been painted, so the first paint never waits for the app (a
 * phone reads the story while the code arrives). Runs after the next frame, or after 500 ms if
 * no frame comes (a hidden tab), whichever is first.
 */
export const LOAD_PAGE_SCRIPTS_SCRIPT = `(()=>{let d=document,n=0,go=()=>{if(n++)return;JSON.parse(d.getElementById(\`${PAGE_SCRIPTS_ELEMENT_ID}\`).textContent).forEach((u,i)=>{let e=d.createElement(i?\`link\`:\`script\`);if(i){e.rel=\`modulepreload\`;e.href=u}else{e.type=\`module\`;e.src=u}e.crossOrigin=\`\`;d.head.append(e)})};requestAnimationFrame(()=>setTimeout(go));setTimeout(go,500)})()`;

/** Every inline script above: their hashes are the CSP's allowed inline scripts. */
export const FIRST_PAINT_SCRIPTS = [MARK_COOKIE_CHOICE_SCRIPT, SCROLL_TO_STORY_END_SCRIPT, LOAD_PAGE_SCRIPTS_SCRIPT] as const;
