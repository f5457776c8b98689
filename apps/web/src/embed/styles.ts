/**
 * The embed's styles, adopted by its shadow roots as constructed stylesheets: the host page's CSS cannot reach
 * inside, ours cannot leak out, and a host policy of `style-src 'none'` does not apply to them (no <style> element,
 * no style attribute). Colours follow the host's scheme (prefers-color-scheme, or data-theme="light|dark").
 */
export const BUTTON_CSS = `
:host { display: inline-block; --cl-bg: #4f46e5; --cl-bg-hover: #4338ca; --cl-fg: #fff; --cl-ring: #4f46e5; }
@media (prefers-color-scheme: dark) {
  :host(:not([data-theme="light"])) { --cl-bg: #6366f1; --cl-bg-hover: #818cf8; --cl-ring: #c7d2fe; }
}
:host([data-theme="dark"]) { --cl-bg: #6366f1; --cl-bg-hover: #818cf8; --cl-ring: #c7d2fe; }
button {
  all: initial; box-sizing: border-box; display: inline-flex; align-items: center; gap: 0.5em;
  min-height: 44px; padding: 0 1.25em; border-radius: 10px; cursor: pointer;
  font: 600 16px/1.2 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  background: var(--cl-bg); color: var(--cl-fg); transition: background-color 120ms;
}
button:hover { background: var(--cl-bg-hover); }
button:focus-visible { outline: 3px solid var(--cl-ring); outline-offset: 2px; }
svg { width: 1.1em; height: 1.1em; flex: none; }
`;

export const OVERLAY_CSS = `
dialog {
  box-sizing: border-box; display: flex; flex-direction: column; padding: 0; border: 0; border-radius: 16px;
  width: min(1000px, calc(100vw - 32px)); height: min(900px, calc(100dvh - 32px));
  max-width: none; max-height: none; overflow: hidden; background: #f1f5f9; color: #0f172a;
  box-shadow: 0 24px 64px rgba(15, 23, 42, 0.35);
  font: 500 14px/1.2 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
dialog:not([open]) { display: none; }
dialog::backdrop { background: rgba(15, 23, 42, 0.6); }
.bar { display: flex; align-items: center; justify-content: space-between; gap: 8px; flex: none; padding: 6px; background: #fff; border-bottom: 1px solid #e2e8f0; }
.title { margin: 0; padding-left: 12px; font-weight: 600; font-size: 15px; color: #0f172a; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.close {
  all: initial; box-sizing: border-box; display: inline-flex; align-items: center; justify-content: center;
  width: 40px; height: 40px; border-radius: 10px; color: #334155; cursor: pointer;
}
.close:hover { background: #f1f5f9; color: #0f172a; }
.close:focus-visible { outline: 3px solid #4f46e5; outline-offset: -3px; }
.close svg { width: 22px; height: 22px; }
iframe { flex: 1; width: 100%; border: 0; display: block; background: #f1f5f9; }
@media (max-width: 640px) {
  dialog { width: 100vw; height: 100dvh; border-radius: 0; margin: 0; }
}
`;
