import type { Graph, Thing, WithContext } from 'schema-dts';
import { serializeJsonLd } from '@/lib/json-ld';

/**
 * Structured data for search engines: a `<script type="application/ld+json">`
 * holding `data` (Google Search Central, "Introduction to structured data
 * markup"; build `data` with the sharing feature's builders). No hooks and no
 * 'use client', so a server component renders it into the HTML.
 *
 * The text goes through serializeJsonLd, so content inside it (a reel's
 * description) cannot close the element. It carries no CSP nonce: the page's
 * policy (lib/http/security-headers.ts pagePolicy) is
 * `script-src 'self' 'nonce-…' 'strict-dynamic'`, which governs scripts that
 * run, and a script element whose type is not a JavaScript MIME type is a
 * data block that the browser never runs (HTML Living Standard, "the script
 * element"), so the policy neither blocks it nor needs to allow it.
 */
export function JsonLd({ data }: { data: Graph | WithContext<Thing> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
