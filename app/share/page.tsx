import { redirect } from 'next/navigation';

/** /share (SPEC.md section 2 base path): shared links land on the feed. */
export default function SharePage() {
  redirect('/reels');
}
