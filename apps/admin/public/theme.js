// Before the first paint: the back office's theme saved on this computer, else the system's, set on <html>
// ahead of any style. A file of its own, not inline, so that the CSP keeps script-src 'self'. Kept in step
// with src/ui/theme.ts.
(() => {
  let choice = null;
  try {
    choice = localStorage.getItem('admin-theme');
  } catch {
    // Storage blocked: the system decides.
  }
  const dark = choice === 'dark' || (choice !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
})();
