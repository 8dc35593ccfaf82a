import { redirect } from 'next/navigation';

/** /share/[slug]: a shared reel opens its content page. */
export default async function ShareSlugPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  redirect(`/content/${encodeURIComponent(slug)}`);
}
