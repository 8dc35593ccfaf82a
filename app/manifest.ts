import type { MetadataRoute } from 'next';
import en from '@/messages/en.json';

/**
 * The web app manifest (SPEC.md section 2): installable, opens on the Videos
 * tab. One static file for every visitor, so it speaks the default UI
 * language (English). Chrome's installability rules: a name, 192 and 512 px
 * PNG icons (plus a maskable one), a start URL inside the scope, standalone
 * display, and a service worker controlling the start URL (app/sw.ts).
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: `${en.app.name}: ${en.app.tagline}`,
    short_name: en.app.name,
    description: en.app.description,
    // A stable identity for the installed app, whatever start_url becomes later.
    id: '/reels',
    start_url: '/reels',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#000000',
    theme_color: '#000000',
    lang: 'en',
    categories: ['education', 'lifestyle'],
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
