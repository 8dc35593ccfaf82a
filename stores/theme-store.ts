import { create } from 'zustand';

/**
 * Interface theme (SPEC.md section 4 "Theme"): light by default or dark,
 * stored locally and applied as a class on <body>. The inline script
 * `THEME_INIT_SCRIPT` applies the stored choice before the first paint.
 */
export type Theme = 'light' | 'dark';

/** localStorage key of the theme (SPEC.md section 9 "Stored keys"). */
export const THEME_STORAGE_KEY = 'sr_theme';

/** Runs in <body> before anything paints: puts the stored theme class on it. */
export const THEME_INIT_SCRIPT =
  `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});` +
  `document.body.classList.add(t==='dark'?'dark':'light')}catch(e){document.body.classList.add('light')}})()`;

function readTheme(): Theme {
  if (typeof window === 'undefined') return 'light';
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

function applyTheme(theme: Theme): void {
  const body = document.body;
  body.classList.toggle('dark', theme === 'dark');
  body.classList.toggle('light', theme === 'light');
}

interface ThemeState {
  theme: Theme;
  /** Saves and applies a theme. */
  setTheme: (theme: Theme) => void;
  /** Reads the stored theme (after hydration; the server always renders light). */
  load: () => void;
}

export const useThemeStore = create<ThemeState>()((set) => ({
  theme: 'light',
  setTheme: (theme) => {
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Storage disabled: the choice lasts for this page only.
    }
    applyTheme(theme);
    set({ theme });
  },
  load: () => set({ theme: readTheme() }),
}));
