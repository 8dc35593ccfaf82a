'use client';

import { useEffect, useRef, useState } from 'react';
import { flushEvents, trackPlayerEvent } from '../api/events';
import type { ReelItem } from '../lib/feed-list';
import { WatchTracker, type WatchSignal } from '../lib/watch-tracker';
import { useFeedStore } from '../store';
import { firstMediaRequests } from '../lib/first-media';
import { reelSource } from '../lib/reel-media';
import { useDataSaver } from '@/lib/data-saver-context';
import {
  applyBufferLimits, capToScreen, FIRST_REEL_ATTR, HLS_MIME, hlsConfig, loadHls, prefersNativeHls, takeFirstReelHls,
  type HlsInstance,
} from './load-hls';

/** What a slide with a player is to the feed: on screen, the next one, or the previous one. */
export type PlayerMode = 'active' | 'next' | 'prev';

/**
 * One reel's <video> and its hls.js instance (native HLS where the browser
 * has no MSE). Only the active reel and its two neighbours mount one
 * (ARCHITECTURE.md decision 7); unmounting destroys the instance, which
 * frees its buffers and revokes its MediaSource URL.
 *
 * - active: loads 3-12 s ahead by the link's headroom (load-hls.ts activeAheadS),
 *   plays (muted unless the person unmuted this session), reports
 *   view/progress/complete, loops.
 * - next: created stopped; once the active reel shows its first frame it
 *   loads its first segment only, at the rung the bandwidth estimate
 *   allows, so a swipe starts at once.
 * - prev: stops loading, keeps what it has for a swipe back.
 * Renditions are capped to what the screen shows (capToScreen). With the
 * data saver on (lib/data-saver.ts) it plays the lowest
 * rung's own playlist, and fetches nothing at all until its reel is on
 * screen and meant to play.
 *
 * The reel on screen, unmounted with its page, is kept in the store
 * (`lastReel`, with its position) for the mini player; when the same reel
 * comes back on screen it starts from where the mini player left it.
 */
export function ReelVideo({
  item, mode, onFirstFrame, onFailed, onSignal,
}: {
  item: ReelItem;
  mode: PlayerMode;
  /** The first frame is decoded: the poster can go. */
  onFirstFrame: () => void;
  /** The video cannot play (unsupported, or errors hls.js could not recover from). */
  onFailed: () => void;
  /** A report was sent for this reel (the feed marks it watched / vidWatched). */
  onSignal: (signal: WatchSignal) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const hlsRef = useRef<HlsInstance | null>(null);
  /** The hls.js instance is fetching segments. */
  const loadingRef = useRef(false);
  const modeRef = useRef<PlayerMode>(mode);
  const prevModeRef = useRef<PlayerMode | null>(null);
  const trackerRef = useRef<WatchTracker | null>(null);
  const [ready, setReady] = useState(false);
  const [buffering, setBuffering] = useState(false);
  /** Last playback position of this reel while on screen, seconds (null: it never played). */
  const timeRef = useRef<number | null>(null);
  const mute = useFeedStore((s) => s.mute);
  const play = useFeedStore((s) => s.play);
  const activeStarted = useFeedStore((s) => s.activeStarted);
  const saver = useDataSaver().on;
  const src = reelSource(item, saver);
  // Whether this player may fetch media yet; once it may, it keeps its source.
  const wantsMedia = saver ? mode === 'active' && play : true;
  const [armed, setArmed] = useState(wantsMedia);
  if (wantsMedia && !armed) setArmed(true);

  const tracker = () => (trackerRef.current ??= new WatchTracker());
  const latest = useRef({ item, onSignal, onFirstFrame, onFailed });
  useEffect(() => {
    latest.current = { item, onSignal, onFirstFrame, onFailed };
  });

  const emit = (signals: WatchSignal[]) => {
    const video = videoRef.current;
    for (const s of signals) {
      const { item: it, onSignal: cb } = latest.current;
      trackPlayerEvent(s, it, tracker().watchedS, video && Number.isFinite(video.duration) ? video.duration : it.duration);
      cb(s);
    }
  };

  // Attach the source once: hls.js (loaded on demand) or the browser's own HLS; or take over
  // the first reel the page's starter already plays (features/reels/lib/first-reel-starter.ts).
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !armed) return;
    let cancelled = false;
    let hls: HlsInstance | null = null;
    // Back from the mini player: the reel on screen starts where it was left.
    let resumeAt: number | null = null;
    const onMeta = () => {
      if (resumeAt !== null) video.currentTime = resumeAt;
      setReady(true);
    };
    const attachNative = () => {
      video.preload = modeRef.current === 'active' ? 'auto' : 'metadata';
      video.addEventListener('loadedmetadata', onMeta, { once: true });
      video.src = src;
    };
    const active = modeRef.current === 'active';
    const started = active ? takeFirstReelHls(video) : null;
    const startedNatively = active && !started && video.hasAttribute(FIRST_REEL_ATTR.native);
    if (started || startedNatively) {
      // Events that fired before React listened are read from the element.
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) latest.current.onFirstFrame();
      if (!video.paused && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) useFeedStore.getState().setActiveStarted(true);
    }
    if (startedNatively) {
      video.preload = 'auto';
      if (video.readyState >= HTMLMediaElement.HAVE_METADATA) onMeta();
      else video.addEventListener('loadedmetadata', onMeta, { once: true });
    } else void (async () => {
      if (!started && prefersNativeHls(video)) {
        if (modeRef.current === 'active') resumeAt = useFeedStore.getState().takeResume(latest.current.item.id);
        attachNative();
        return;
      }
      let Hls;
      try {
        Hls = await loadHls();
      } catch {
        if (!cancelled) latest.current.onFailed();
        return;
      }
      if (cancelled) {
        started?.destroy();
        return;
      }
      if (!started && modeRef.current === 'active') resumeAt = useFeedStore.getState().takeResume(latest.current.item.id);
      if (!started && !Hls.isSupported()) {
        if (video.canPlayType(HLS_MIME)) attachNative();
        else latest.current.onFailed();
        return;
      }
      const config = hlsConfig(useFeedStore.getState().bandwidthEstimate, modeRef.current === 'active');
      const h = started ?? new Hls(resumeAt !== null ? { ...config, startPosition: resumeAt } : config);
      hls = h;
      hlsRef.current = h;
      loadingRef.current = started ? true : modeRef.current === 'active';
      let networkRetries = 0;
      let mediaRecoveries = 0;
      h.on(Hls.Events.MANIFEST_PARSED, () => {
        capToScreen(h, video);
        setReady(true);
      });
      if (started && h.levels.length > 0) {
        capToScreen(h, video);
        setReady(true);
      }
      // Bytes and seconds of the segments loaded: the rendition's bitrate where its playlist declares none.
      const loaded = { bytes: 0, seconds: 0 };
      h.on(Hls.Events.FRAG_LOADED, (_event, data) => {
        loaded.bytes += data.frag.stats.loaded;
        loaded.seconds += data.frag.duration;
        if (modeRef.current !== 'active') return;
        useFeedStore.getState().setBandwidthEstimate(h.bandwidthEstimate);
        // The buffer ahead follows the link's headroom over the rendition playing.
        applyBufferLimits(h, true, loaded.seconds > 0 ? (8 * loaded.bytes) / loaded.seconds : null);
      });
      h.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.NETWORK_ERROR && networkRetries < 3) {
          networkRetries += 1;
          h.startLoad();
          return;
        }
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries < 2) {
          mediaRecoveries += 1;
          h.recoverMediaError();
          return;
        }
        h.destroy();
        if (hlsRef.current === h) hlsRef.current = null;
        if (!cancelled) latest.current.onFailed();
      });
      if (started) return;
      h.loadSource(src);
      h.attachMedia(video);
    })();
    return () => {
      cancelled = true;
      video.removeEventListener('loadedmetadata', onMeta);
      if (hls) {
        if (modeRef.current === 'active') useFeedStore.getState().setBandwidthEstimate(hls.bandwidthEstimate);
        hls.destroy();
      }
      hlsRef.current = null;
      loadingRef.current = false;
      video.removeAttribute(FIRST_REEL_ATTR.hls);
      video.removeAttribute(FIRST_REEL_ATTR.native);
      video.removeAttribute(FIRST_REEL_ATTR.frame);
      video.removeAttribute('src');
      video.load();
    };
  }, [src, armed]);

  // A rotated or resized screen: the rendition cap follows the player's size.
  useEffect(() => {
    const onResize = () => {
      const h = hlsRef.current;
      const video = videoRef.current;
      if (h && video && h.levels.length > 0) capToScreen(h, video);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  // Mode changes: buffer size, loading, the watch tracker, and the bandwidth carried in.
  useEffect(() => {
    const video = videoRef.current;
    const prev = prevModeRef.current;
    prevModeRef.current = mode;
    modeRef.current = mode;
    if (!video) return;
    const h = hlsRef.current;
    if (mode === 'active') {
      if (prev !== 'active') tracker().reset();
      // Played before hydration by the page's starter: those seconds count too.
      if (prev === null && (video.hasAttribute(FIRST_REEL_ATTR.hls) || video.hasAttribute(FIRST_REEL_ATTR.native))) {
        tracker().credit(video.currentTime, video.currentTime);
      }
      if (h) {
        applyBufferLimits(h, true);
        const estimate = useFeedStore.getState().bandwidthEstimate;
        // The previous reel measured the network longer than this one's preload did.
        if (prev !== null && prev !== 'active' && estimate) h.bandwidthEstimate = estimate;
        if (!loadingRef.current) {
          h.startLoad();
          loadingRef.current = true;
        }
      } else {
        video.preload = 'auto';
      }
      return;
    }
    if (prev === 'active') {
      timeRef.current = null;
      emit(tracker().onLeave());
      video.pause();
      // A reel shown again starts from the beginning, like the feed's other reels.
      if (video.readyState > 0) video.currentTime = 0;
      if (barRef.current) barRef.current.style.transform = 'scaleX(0)';
    }
    if (mode === 'next') {
      if (h) {
        applyBufferLimits(h, false);
        if (activeStarted && ready && !loadingRef.current) {
          h.startLoad();
          loadingRef.current = true;
        }
      } else if (activeStarted && armed) {
        // Native HLS has no buffer bound to set: the browser's own preload of the start.
        video.preload = 'auto';
      }
    } else if (h && loadingRef.current) {
      applyBufferLimits(h, false);
      h.stopLoad();
      loadingRef.current = false;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- emit() and tracker() read refs only
  }, [mode, activeStarted, ready, armed]);

  // Play, pause and sound follow the store.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = mute;
    if (mode === 'active' && play && ready) {
      video.play()?.catch((err: unknown) => {
        if (!(err instanceof DOMException) || err.name !== 'NotAllowedError') return; // AbortError: a pause won
        const store = useFeedStore.getState();
        // The browser refuses sound without a gesture: play muted; refused even muted: wait for a tap.
        if (!video.muted) store.forceMute();
        else store.setPlay(false);
      });
    } else if (!video.paused) {
      video.pause();
    }
  }, [mode, play, mute, ready]);

  // A hidden tab does not play on: pause, and pick up again when it is shown.
  useEffect(() => {
    const onVisibility = () => {
      const video = videoRef.current;
      if (!video || modeRef.current !== 'active') return;
      if (document.hidden) video.pause();
      else if (useFeedStore.getState().play) void video.play().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  // Unmounted while on screen (its page went away): the mini player takes the reel on from here.
  useEffect(() => () => {
    const time = timeRef.current;
    if (modeRef.current !== 'active' || time === null) return;
    const store = useFeedStore.getState();
    store.setLastReel({ item: latest.current.item, time, playing: store.play });
  }, []);

  // Leaving the page or unmounting while on screen still reports the progress.
  useEffect(() => {
    const onHide = () => {
      if (modeRef.current !== 'active') return;
      emit(tracker().onLeave());
      flushEvents();
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      if (modeRef.current === 'active') emit(tracker().onLeave());
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- emit() reads refs only: listen once per mount
  }, []);

  const isActive = mode === 'active';
  return (
    <>
      <video
        ref={videoRef}
        // Read by the page's inline starter (features/reels/lib/first-reel-starter.ts) before hydration.
        data-src={src}
        data-preload={isActive && armed ? firstMediaRequests(src, item.pre_signed_url_video_240).join(' ') : undefined}
        // The starter sets src and its marks on the server-rendered element.
        suppressHydrationWarning
        className="absolute inset-0 h-full w-full object-cover"
        playsInline
        muted
        preload="none"
        disablePictureInPicture
        onLoadedData={() => latest.current.onFirstFrame()}
        onPlaying={() => {
          setBuffering(false);
          if (modeRef.current === 'active') useFeedStore.getState().setActiveStarted(true);
        }}
        onWaiting={() => setBuffering(true)}
        onTimeUpdate={(e) => {
          const v = e.currentTarget;
          if (barRef.current && v.duration > 0) barRef.current.style.transform = `scaleX(${Math.min(1, v.currentTime / v.duration)})`;
          if (modeRef.current === 'active') {
            timeRef.current = v.currentTime;
            emit(tracker().onTime(v.currentTime));
          }
        }}
        onEnded={(e) => {
          if (modeRef.current !== 'active') return;
          emit(tracker().onEnded());
          const v = e.currentTarget;
          v.currentTime = 0;
          if (useFeedStore.getState().play) void v.play().catch(() => undefined);
        }}
      />
      {isActive && play && (buffering || !ready) ? (
        <div className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center" aria-hidden="true">
          <div className="h-10 w-10 animate-spin rounded-full border-4 border-white/30 border-t-white motion-reduce:animate-none" />
        </div>
      ) : null}
      <div className="pointer-events-none absolute inset-x-0 bottom-0 z-30 h-[3px] bg-white/25" aria-hidden="true">
        <div
          ref={barRef}
          data-testid="reel-progress"
          className="h-full w-full origin-left bg-amber-400 transition-transform duration-300 ease-linear motion-reduce:transition-none"
          style={{ transform: 'scaleX(0)' }}
        />
      </div>
    </>
  );
}

