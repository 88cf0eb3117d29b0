// Applies the stored colour theme before the first paint, so a dark page never flashes white.
// Kept in step with src/client/lib/theme.ts (same storage key and rules).
(function () {
  try {
    var stored = localStorage.getItem('ticklist-theme');
    var theme = stored === 'light' || stored === 'dark' ? stored : 'system';
    var isDark = theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', isDark);
    document.documentElement.style.colorScheme = isDark ? 'dark' : 'light';
  } catch {
    // Storage may be unavailable (private mode); the light theme is the default.
  }
})();
