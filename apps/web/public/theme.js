// Before the first paint: the theme saved on this device, else the system's, set on <html> ahead of any style.
// A file of its own, not inline, so that the CSP keeps script-src 'self'. Kept in step with src/stores/theme.ts.
(() => {
  let choice = null;
  try {
    choice = localStorage.getItem('theme');
  } catch {
    // Storage blocked: the system decides.
  }
  const dark = choice === 'dark' || (choice !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  const root = document.documentElement;
  root.dataset.theme = dark ? 'dark' : 'light';
  if (dark) root.setAttribute('data-prefers-color-scheme', 'dark');
})();
