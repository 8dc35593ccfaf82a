/** Tailwind 4 runs as a PostCSS plugin (ARCHITECTURE.md decision 1). */
const config = {
  plugins: { '@tailwindcss/postcss': {} },
};

export default config;
