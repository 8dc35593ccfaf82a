import { redirect } from 'next/navigation';

/** The app opens on the Videos tab (SPEC.md section 2). */
export default function Home() {
  redirect('/reels');
}
