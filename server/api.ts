import 'server-only';
import { MAX_JSON_BODY_BYTES } from '@/lib/constants';
import { createApiApp } from '@/lib/http/app';
import { boundBodies } from '@/lib/http/guards';
import { composePrefixes } from '@/lib/http/route-facts';
import { authPrefixes, authRoutes, type AuthDeps } from '@/features/auth/server/routes';
import { accountRoutes, profilePrefixes, profileRoutes, type AccountDeps } from '@/features/auth/server/profile-routes';
import { nativeLinkPrefixes, nativeLinkRoutes } from '@/features/auth/server/native-link-routes';
import { countsChanged, invalidateFeedCache, onPagesChanged } from '@/features/reels/server/feed-cache';
import { feedRoutes, reactionRoutes, readSideRoutes, reelsPrefixes, searchRoutes } from '@/features/reels/server/routes';
import { visibleReel } from '@/lib/db/visible-reel';
import { verifyWatchTicket } from '@/features/reels/server/watch-ticket';
import { clientLogRoutes, eventRoutes, eventsPrefixes } from '@/features/events/server/routes';
import { configureDerivation } from '@/features/events/server/derive';
import { recordSignInEvent } from '@/features/events/server/sign-in-event';
import { listReadyReelsForTopics } from '@/features/reels/server/related';
import { uploadPrefixes, uploadRoutes } from '@/features/reels/server/upload-routes';
import { getFeedPageJson, getReelJson } from '@/features/reels/server/feed';
import { feedLanguageOf, summaryLanguageOf } from '@/features/reels/server/feed-language';
import { sharingPrefixes, shareRoutes } from '@/features/sharing/server/routes';
import { seoPaths, seoPrefixes, seoRoutes } from '@/features/sharing/server/seo-routes';
import { invalidateSitemaps } from '@/features/sharing/server/sitemap';
import { fitText, textBlockSvg } from '@/features/starter-library/server/text-layout';
import { may } from '@/features/studio/policy';
import { leadRoutes, leadsPrefixes } from '@/features/leads/server/routes';
import { chatPrefixes, chatRoutes, type ChatDeps } from '@/features/assistant/server/routes';
import { questionsMatching } from '@/features/assistant/server/suggestions';
import { notificationRoutes, notificationsPrefixes } from '@/features/notifications/server/routes';
import { notifySignIn } from '@/features/notifications/server/sign-in-notice';
import { studioPrefixes, studioRoutes, type StudioDeps } from '@/features/studio/server/routes';
import { insightsPrefixes, insightsRoutes } from '@/features/insights/server/routes';
import { cataloguePrefixes, catalogueRoutes } from '@/features/referrals/server/catalogue-routes';
import { requestPrefixes, requestRoutes } from '@/features/referrals/server/request-routes';
import { rewardPrefixes, rewardRoutes } from '@/features/referrals/server/reward-routes';
import { partnerRoutes, partnersPrefixes } from '@/features/partners/server/routes';
import { createLead } from '@/features/leads/server/leads';
import { onReferralSignIn } from '@/features/referrals/server/sign-in';
import { adminPhonesOf, grantAdminIfListed } from '@/features/studio/server/roles';
import { env } from '@/lib/env';
import { singleton } from '@/lib/singleton';
import { TUS_PREFIX } from './uploads';
import { apiRouteRecorder } from './http-metrics';

/**
 * The endpoint catalogue (SPEC.md section 7; ARCHITECTURE.md decision 2).
 * Each feature owns a Hono router of the spec's paths; this file mounts them
 * and joins features that need each other (the assistant's related reels
 * come from the reels feature). Errors become the one shape in
 * lib/http/app.ts. The browser's clients take their types from the
 * feature routers (`apiClient<typeof someRoutes>()`, lib/http/client.ts).
 * Route facts live with the routes: each routes file declares its API
 * families (composed into API_PREFIXES here), and each state-changing route
 * its guard preset and body bound (lib/http/guards.ts), which boundBodies
 * reads off the matched route; tests/integration/route-facts.test.ts checks
 * both against `app.routes`.
 */

/**
 * Path prefixes served by this API, as each routes file declares them;
 * everything else goes to media or Next (server/index.ts).
 */
export const API_PREFIXES = composePrefixes(
  reelsPrefixes, uploadPrefixes, sharingPrefixes, eventsPrefixes, authPrefixes, profilePrefixes, notificationsPrefixes,
  leadsPrefixes, chatPrefixes, studioPrefixes, insightsPrefixes, cataloguePrefixes, requestPrefixes, rewardPrefixes,
  partnersPrefixes, seoPrefixes, nativeLinkPrefixes,
);

/** Single paths served by this API outside any family: robots.txt and the sitemap index live at the root. */
export const API_PATHS: readonly string[] = [...seoPaths];

/** True when `url` (a request path, with or without query, or an absolute URL) belongs to the API. */
export function isApiPath(url: string): boolean {
  let path = url;
  if (!path.startsWith('/')) {
    try {
      path = new URL(url).pathname;
    } catch {
      return false;
    }
  }
  if (API_PREFIXES.some((p) => path.startsWith(p))) return true;
  const q = path.search(/[?#]/);
  return API_PATHS.includes(q < 0 ? path : path.slice(0, q));
}

/**
 * Builds the API (one per process; server/index.ts mounts its fetch handler).
 * @param chat chat options for tests and the bench (chunk pacing, model).
 */
export function buildApi(chat?: ChatDeps['chat']) {
  const assistant: ChatDeps = { findReels: listReadyReelsForTopics, chat };
  const auth: AuthDeps = {
    // A merge moved likes, views and progress to the user's home visitor: drop what the feed caches hold of them.
    onMerged: (changes, home) => {
      for (const ch of changes) countsChanged({ ...ch, viewer: home });
      countsChanged({ reel: '', viewer: home });
    },
    // A phone listed in ADMIN_PHONES becomes ADMIN (docs/decisions/008: admins only by operators), in the
    // sign-in's own transaction: the session it creates holds the role from its first request.
    grantRoles: async (tx, userId) => {
      await grantAdminIfListed(tx, userId, adminPhonesOf(env().ADMIN_PHONES));
    },
    // A welcome for a new account; otherwise a "new sign-in" notice, live on the user's other devices.
    onSignedIn: async (e) => {
      // The device, and the first referral click of this visitor (docs/decisions/010 "Attribution").
      await onReferralSignIn(e);
      await notifySignIn(e);
      await recordSignInEvent(e); // the funnel's sign-in stage
    },
  };
  const account: AccountDeps = {
    // An erasure took likes away and left reels without an owner: the feed caches drop those counts, states and pages.
    onErased: (e) => {
      for (const ch of e.changed) countsChanged(ch);
      for (const viewer of e.visitors) countsChanged({ reel: '', viewer });
      if (e.reelsReleased > 0) invalidateFeedCache();
    },
  };
  const studio: StudioDeps = {
    // Review moves, edits and taxonomy changes show in the feeds at once (every process, via the Redis bus).
    onPublishedChanged: invalidateFeedCache,
    onCountsReset: (changed, viewers) => {
      for (const ch of changed) countsChanged(ch);
      for (const viewer of viewers) countsChanged({ reel: '', viewer });
    },
  };
  // The event pipeline derives views and progress later (docs/decisions/011): then the feed's caches learn of them.
  configureDerivation({
    onViewsCounted: (reels) => reels.forEach((reel) => countsChanged({ reel })),
    onProgressChanged: (viewers) => viewers.forEach((viewer) => countsChanged({ reel: '', viewer })),
  });
  // The sitemaps drop whenever the feed's pages do (a reel ready, approved, taken down; here or on another process).
  // Once per process: buildApi runs again in tests, and a second listener would only repeat the work.
  singleton('api_sitemaps_hooked', () => onPagesChanged(invalidateSitemaps));
  return createApiApp()
    // The matched route's pattern, for http_request_duration_seconds (server/http-metrics.ts).
    .use('*', apiRouteRecorder())
    // Every body is at most 64 KB, but where a route's guard preset declares its own bound (pictures, videos,
    // contacts); the endpoints bound theirs tighter (lib/http/guards.ts, lib/http/json-guard.ts).
    .use('*', boundBodies(MAX_JSON_BODY_BYTES))
    // GET /feeds-server/api/v1/search (before feedRoutes: its /feeds-server/api/v1/{id} would match "search")
    // The assistant's suggested questions written in the asked language (the search page reads the same).
    .route('/', searchRoutes({ findQuestions: questionsMatching }))
    // GET /feeds-server/api/v1/feeds, tldr/topic (v1, v2), popup/tldr/{id}, /feeds-server/api/v1/{id}
    .route('/', feedRoutes)
    // GET /feeds-server/api/v2/share/{id} (+ /image.jpg, /video.m3u8), POST /api/reel/{id} (share previews)
    .route('/', shareRoutes({
      reelJson: getReelJson,
      // The feed after a shared reel follows the feed's language rule (a WhatsApp link opens in the person's language).
      feedPageJson: (p, q, signals) => {
        const { lang, explicit } = feedLanguageOf({ explicit: q.lang, ...signals });
        return getFeedPageJson(p, { ...q, lang }, { fallbackToAll: !explicit, summaryLang: summaryLanguageOf(signals) });
      },
      kit: { fitText, textBlockSvg },
    }))
    // GET /uploader-read/api/v3/topics, v1/options, topic_details/{id}, content_count/{id}, {id}/category, {a}/{b}/options
    .route('/', readSideRoutes)
    // POST /uploader/api/v1/like/, /uploader/api/v1/unlike/
    .route('/', reactionRoutes)
    // POST /uploader/api/v1/uploadvideo (multipart; resumable uploads are tus in server/uploads.ts)
    .route('/', uploadRoutes((p, topicId) => may(p, 'content.upload', topicId)))
    // POST /auth/api/v1/events, /auth/api/v1/session_event
    .route('/', eventRoutes({ viewTicketOk: (t, v, c) => verifyWatchTicket(t, v, c).ok, visibleReel }))
    // POST /api/errorLog, /api/eventError, /api/logger (the logging client)
    .route('/', clientLogRoutes)
    // POST /auth/api/v1/visitor, otp/initiate, otp/verify, v2/otp/verify, v2/otp/initiate/{id}, v2|v3|v5/oauth/login,
    // user/google, logout; GET me, user/me
    .route('/', authRoutes(auth))
    // PATCH user/me; POST, DELETE user/profile-picture; GET users/{id}/profiles, users?q=, user/query?username=;
    // GET, POST, DELETE user/follows; POST, DELETE newsletter/subscribe; GET user/watched
    .route('/', profileRoutes)
    // GET /auth/api/v1/user/export, DELETE /auth/api/v1/user/me (docs/decisions/021)
    .route('/', accountRoutes(account))
    // GET /recommendation-service/api/v1/redirect-native-customer?t= (a customer's signed link; docs/ops/native-customer-link.md)
    .route('/', nativeLinkRoutes)
    // GET /auth/api/v1/notifications, POST /auth/api/v1/notifications/read
    .route('/', notificationRoutes)
    // GET /api/v1/leads/slots, POST /api/v1/leads/callback, /api/v1/leads/subsidy
    .route('/', leadRoutes)
    // POST /recommendation-service/api/v1/chat/, chat/audio; GET chat/audio_token, multilang-suggestions, suggestions
    .route('/', chatRoutes(assistant))
    // GET topic_role, topic/{id}/topic_role; POST, DELETE topic/{id}/topic_role; GET, POST entity_permission;
    // uploader: content/status, content/{id}, video, content_count/review, topic, topic/{id}, category, option,
    // bulk/create, reset/topic|category|option/{id}, profile_stack/{id}, upload/guide_video (docs/api/studio.md)
    .route('/', studioRoutes(studio))
    // Staff insights (docs/api/insights.md): GET /staff/api/v1/insights/reels, funnel, sessions
    .route('/', insightsRoutes)
    // Referral and deals (docs/api/referrals.md): deals, contacts, validate, qrcode, user_data, get_profile, level
    .route('/', catalogueRoutes())
    // referrer|referee/send_request, inbox, outbox, get_request, request/action, referrer_list, deals/get, deal steps,
    // reminders, notes, done_deals, staff/deals, GET /r/{code}
    .route('/', requestRoutes())
    // rewards, rewards/{id}, scratch/{id}, staff/rewards
    .route('/', rewardRoutes())
    // Partners (docs/api/partners.md): {id}/data, user/{id}/data, guide_video/{id}, form/{id}, image, topic/update/{id}, admin/partners
    .route('/', partnerRoutes({ onChanged: invalidateFeedCache, createLead: (p, input) => createLead(p, input) }))
    // GET /robots.txt, /sitemap.xml, /sitemaps/{pages|video}-{n}.xml (database-made sitemaps)
    .route('/', seoRoutes({ apiPrefixes: API_PREFIXES, privatePaths: [TUS_PREFIX] }));
}
