/** The floating panel of our menus and popovers: white, rounded, shadowed, above the page. */
export const menuSurfaceClass =
  'z-50 rounded-xl bg-white shadow-lg ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700';
