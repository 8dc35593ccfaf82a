'use client';

import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { HttpError } from '@/lib/http/client';
import { useErrorText } from '@/lib/use-error-text';
import { AUDIO_MAX_BYTES, AUDIO_MAX_SECONDS, type ChatLanguage } from '../schemas';
import { speechLang } from '../lib/chat-ui';
import { getAudioToken } from '../api/voice';

/** The parts of the Web Speech API used here (not in every TypeScript DOM lib). */
interface Recognition {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
  start: () => void;
  stop: () => void;
}
type RecognitionCtor = new () => Recognition;

function recognitionCtor(): RecognitionCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionCtor; webkitSpeechRecognition?: RecognitionCtor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** True when the browser can record the microphone (getUserMedia and MediaRecorder). */
function canRecord(): boolean {
  return typeof window !== 'undefined' && typeof window.MediaRecorder === 'function'
    && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** Recording types in order of preference (Opus in WebM or Ogg; Safari's MP4). */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];

function recordingType(): string | undefined {
  return RECORDING_TYPES.find((t) => MediaRecorder.isTypeSupported?.(t));
}

/**
 * How a question can be spoken here: `server` (recorded and sent to the
 * server's speech-to-text), `browser` (the browser's own speech
 * recognition), `none` (no microphone shown); null until mounted.
 */
export type VoiceMode = 'server' | 'browser' | 'none';

/** The mode a browser gets: the server's recogniser where configured and the browser can record, else the browser's. */
export function voiceModeOf(serverVoice: boolean): VoiceMode {
  if (serverVoice && canRecord()) return 'server';
  return recognitionCtor() ? 'browser' : 'none';
}

type Phase = 'idle' | 'preparing' | 'recording' | 'listening';

/**
 * The chat's microphone (SPEC.md section 7 chat/audio_token; docs/api/voice.md).
 * With a server speech-to-text provider (`serverVoice`, STT_URL set) and a
 * browser that can record: a tap asks for the microphone and a token, then
 * records up to the token's `max_seconds` (30 s) with a countdown; a second
 * tap, or the limit, stops it and hands the recording to `onRecorded`. A
 * 404 `voice_unavailable` (the server lost its provider) falls back to the
 * browser's speech recognition at once. Without a provider: the browser's
 * speech recognition fills the box (`onHeard`; hi-IN or en-IN by the chat
 * language). Where neither exists there is no microphone. Until mounted its
 * place is kept (the server cannot know), so nothing moves when it appears.
 * Test hooks: data-testid="chat-mic", "chat-mic-status".
 */
export function MicButton({
  language, serverVoice, disabled, onHeard, onRecorded,
}: {
  language: ChatLanguage;
  /** A server speech-to-text provider is configured (the page read STT_URL). */
  serverVoice: boolean;
  /** An answer is on its way: no new recording. */
  disabled: boolean;
  /** The browser's recognition heard `text`. */
  onHeard: (text: string) => void;
  /** A recording to send with its token (server mode). */
  onRecorded: (recording: Blob, token: string) => void;
}) {
  const t = useTranslations('assistant');
  const errorText = useErrorText();
  const [mode, setMode] = useState<VoiceMode | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [left, setLeft] = useState(AUDIO_MAX_SECONDS);
  const [error, setError] = useState<string | null>(null);
  const recognition = useRef<Recognition | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);

  useEffect(() => {
    // A browser capability, unknown on the server: set after mount.
    setMode(voiceModeOf(serverVoice));
    const pending = timers.current;
    return () => {
      recognition.current?.stop();
      if (recorder.current?.state === 'recording') recorder.current.stop();
      pending.forEach(clearTimeout);
    };
  }, [serverVoice]);

  const clearTimers = () => {
    timers.current.forEach((x) => clearTimeout(x));
    timers.current = [];
  };

  const listen = () => {
    const Ctor = recognitionCtor();
    if (!Ctor) return;
    const r = new Ctor();
    r.lang = speechLang(language);
    r.interimResults = false;
    r.maxAlternatives = 1;
    r.onresult = (e) => {
      const heard = Array.from(e.results, (res) => res[0]?.transcript ?? '').join(' ').trim();
      if (heard) onHeard(heard);
    };
    r.onend = () => setPhase('idle');
    r.onerror = () => setPhase('idle');
    recognition.current = r;
    setPhase('listening');
    r.start();
  };

  const record = async () => {
    setPhase('preparing');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError(t('micDenied'));
      setPhase('idle');
      return;
    }
    const release = () => stream.getTracks().forEach((tr) => tr.stop());
    let grant: Awaited<ReturnType<typeof getAudioToken>>;
    try {
      grant = await getAudioToken();
    } catch (err) {
      release();
      setPhase('idle');
      if (err instanceof HttpError && err.code === 'voice_unavailable') {
        // The server has no recogniser (any more): the browser's, where there is one.
        const fallback = recognitionCtor() ? 'browser' : 'none';
        setMode(fallback);
        if (fallback === 'browser') listen();
        else setError(errorText(err));
        return;
      }
      setError(errorText(err));
      return;
    }
    const type = recordingType();
    const rec = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    rec.onstop = () => {
      clearTimers();
      release();
      recorder.current = null;
      setPhase('idle');
      const blob = new Blob(chunks, { type: (rec.mimeType || type || 'audio/webm').split(';')[0] });
      if (blob.size === 0) return;
      if (blob.size > Math.min(grant.max_bytes, AUDIO_MAX_BYTES)) {
        setError(errorText('audio_too_large'));
        return;
      }
      onRecorded(blob, grant.token);
    };
    recorder.current = rec;
    const maxS = Math.min(grant.max_seconds, AUDIO_MAX_SECONDS);
    setLeft(maxS);
    rec.start();
    setPhase('recording');
    // The countdown, and the stop a quarter second before the limit (the server measures the recording too).
    for (let s = 1; s < maxS; s++) timers.current.push(setTimeout(() => setLeft(maxS - s), s * 1000));
    timers.current.push(setTimeout(() => {
      if (rec.state === 'recording') rec.stop();
    }, maxS * 1000 - 250));
  };

  const onClick = () => {
    setError(null);
    if (phase === 'listening') {
      recognition.current?.stop();
      return;
    }
    if (phase === 'recording') {
      recorder.current?.stop();
      return;
    }
    if (phase !== 'idle') return;
    if (mode === 'server') void record();
    else if (mode === 'browser') listen();
  };

  if (mode === null) return <div aria-hidden="true" className="mb-5 h-11 w-11 shrink-0" />;
  if (mode === 'none') {
    return error ? <p role="alert" data-testid="chat-mic-status" className="mb-5 max-w-40 text-xs text-red-700 dark:text-red-300">{error}</p> : null;
  }
  const active = phase === 'recording' || phase === 'listening';
  const label = phase === 'recording' ? t('micSend') : phase === 'listening' ? t('micStop') : t('micStart');
  return (
    <div className="relative mb-5 shrink-0">
      <button
        type="button"
        data-testid="chat-mic"
        data-mode={mode}
        data-phase={phase}
        onClick={onClick}
        disabled={phase === 'preparing' || (disabled && !active)}
        aria-pressed={active}
        aria-busy={phase === 'preparing' || undefined}
        aria-label={label}
        className={`flex h-11 w-11 items-center justify-center rounded-full border disabled:opacity-50 ${active ? 'animate-pulse border-red-500 bg-red-500 text-white' : 'border-neutral-300 dark:border-neutral-700'}`}
      >
        <MicIcon />
      </button>
      {phase === 'recording' || error ? (
        <p
          role={error ? 'alert' : 'status'}
          data-testid="chat-mic-status"
          className={`absolute bottom-full right-0 mb-1 w-max max-w-56 rounded-lg px-2 py-1 text-xs shadow ${error ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200' : 'bg-neutral-900 text-white dark:bg-white dark:text-black'}`}
        >
          {error ?? t('micRecording', { seconds: left })}
        </p>
      ) : null}
    </div>
  );
}

function MicIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="9" y="2" width="6" height="12" rx="3" />
      <path d="M19 10v1a7 7 0 0 1-14 0v-1" />
      <path d="M12 18v4" />
    </svg>
  );
}
