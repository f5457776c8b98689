// Applies the stored theme before the first paint, so a light-theme user never sees a dark flash.
try {
  const theme = localStorage.getItem('coinlane.theme') || 'dark';
  const dark = theme === 'dark' || (theme === 'auto' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
} catch {
  // storage unavailable: keep the default (dark)
}
