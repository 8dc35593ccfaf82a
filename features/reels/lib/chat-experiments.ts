import { CHAT_CARD_PREFIX, withChatbotSlides, type FeedEntry, type FeedList } from './feed-list';

/**
 * Where the feed's chat cards go for a device in the chatbot experiments
 * (SPEC.md section 9 "three fixed experiment identifiers";
 * docs/decisions/012): the chatbot experiment promotes the assistant with a
 * card after every CHATBOT_EXPERIMENT_EVERY (3) reels instead of every
 * CHATBOT_EVERY_N; the chatbot-in-feed experiment puts one right after the
 * first reel. A layout without chat cards (chatEvery 0) stays without. Pure.
 */
export const CHATBOT_EXPERIMENT_EVERY = 3;

/**
 * `list` with its chat cards placed for the device's flags.
 * @param chatEvery the page's CHATBOT_EVERY_N (0: no chat cards in this layout).
 */
export function withExperimentChat(list: FeedList, chatEvery: number, flags: { chatbot: boolean; chatbotFeed: boolean }): FeedList {
  if (chatEvery < 1) return list;
  const out = withChatbotSlides(list, flags.chatbot ? Math.min(chatEvery, CHATBOT_EXPERIMENT_EVERY) : chatEvery);
  if (!flags.chatbotFeed) return out;
  const first = out.entries[0];
  if (!first || first.kind !== 'reel' || out.entries[1]?.kind === 'chatbot') return out;
  const card: FeedEntry = { kind: 'chatbot', index: 1, serverIndex: null, id: `${CHAT_CARD_PREFIX}${first.item.id}`, topicId: first.item.topic };
  const entries = [first, card, ...out.entries.slice(1)].map((e, index) => (e.index === index ? e : { ...e, index }));
  return { ...out, entries, total: out.total + 1 };
}
