import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { LoginGate } from '@/features/auth/components/login-gate';
import { may } from '@/features/studio/policy';
import { FeedScreen } from '../../../_lib/feed-screen';
import { topicOrNotFound } from '../../../_lib/data';
import { routeParamOrNotFound } from '../../../_lib/route-param';
import { getViewerPrincipal } from '../../../_lib/viewer';

type Props = { params: Promise<{ topicId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const topic = await topicOrNotFound(routeParamOrNotFound((await params).topicId));
  const t = await getTranslations('studio');
  return { title: t('addContent.title', { topic: topic.name }), robots: { index: false } };
}

/**
 * The studio's add-content view of a topic (SPEC.md section 2, the
 * add-content layout preset): the topic's published reels as viewers see
 * them, without the tab bar, likes or chat cards; "Add a reel" and a tap on
 * a reel's profile stack open the upload form filed under that topic (and
 * that reel's category and option). For users who may upload to the topic
 * (docs/decisions/008); a visitor is asked to sign in.
 */
export default async function StudioTopicPage({ params }: Props) {
  const topic = await topicOrNotFound(routeParamOrNotFound((await params).topicId));
  const t = await getTranslations('studio');
  const principal = await getViewerPrincipal();
  if (!principal) {
    return <LoginGate title={t('gateTitle')} body={t('gateBody')}>{null}</LoginGate>;
  }
  if (!may(principal, 'content.upload', topic.id)) {
    return (
      <section className="mx-auto flex max-w-lg flex-col gap-3 px-6 py-10">
        <h1 className="text-2xl font-bold">{t('addContent.title', { topic: topic.name })}</h1>
        <p role="status">{t('addContent.notAllowed')}</p>
        <Link prefetch={false} href="/studio" className="self-start font-semibold underline">{t('addContent.back')}</Link>
      </section>
    );
  }
  return (
    <FeedScreen
      params={{ filter: { topic_id: topic.id }, startPage: 1 }}
      urlFilter={{}}
      filterLabel={topic.name}
      layout="add-content"
      closeHref="/studio"
    />
  );
}
