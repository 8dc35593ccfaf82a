import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { SuggestionsResponse } from '../api/chat';
import type { AudioTokenAnswer, VoiceChatResult } from '../schemas';
import { initialChatStoreState, useChatStore } from '../store';
import { MicButton } from './mic-button';
import { ChatScreen } from './chat-screen';

// No socket in these tests: the chat's HTTP path and the voice upload are what MSW answers.
vi.mock('socket.io-client', () => {
  throw new Error('socket.io-client could not be loaded');
});

/**
 * The microphone's states (docs/api/voice.md): hidden where the browser can
 * neither record nor recognise speech; the browser's recognition without a
 * server provider; with one, record (countdown, stop, send) after a token,
 * falling back to the browser's recognition on 404 voice_unavailable.
 * Browser capabilities are faked on window; the API is MSW.
 */

const TOKEN = '/recommendation-service/api/v1/chat/audio_token';
const AUDIO = '/recommendation-service/api/v1/chat/audio';
const GRANT: AudioTokenAnswer = {
  token: '1999999999.AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB', expires_in_s: 60, max_seconds: 30, max_bytes: 1048576,
  types: ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/wav'],
};

/** A fake Web Speech recogniser; the last one made is `FakeRecognition.last`. */
class FakeRecognition {
  static last: FakeRecognition | null = null;
  lang = '';
  interimResults = true;
  maxAlternatives = 0;
  started = false;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null = null;
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    this.started = true;
  }
  stop() {
    this.onend?.();
  }
}

/** A fake MediaRecorder that hands over one chunk when stopped. */
class FakeRecorder {
  static last: FakeRecorder | null = null;
  static isTypeSupported = (t: string) => t === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(public stream: unknown, opts?: { mimeType?: string }) {
    this.mimeType = opts?.mimeType ?? '';
    FakeRecorder.last = this;
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['OggS-fake-opus-bytes'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

const track = { stop: vi.fn() };
const getUserMedia = vi.fn(async () => ({ getTracks: () => [track] }));

function browserHas({ speech = false, record = false }: { speech?: boolean; record?: boolean }) {
  const w = window as unknown as Record<string, unknown>;
  w.webkitSpeechRecognition = speech ? FakeRecognition : undefined;
  w.SpeechRecognition = undefined;
  w.MediaRecorder = record ? FakeRecorder : undefined;
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true, value: record ? { getUserMedia } : undefined,
  });
}

function serveToken(answer: () => Response = () => HttpResponse.json(GRANT)) {
  let calls = 0;
  server.use(http.get(TOKEN, () => {
    calls++;
    return answer();
  }));
  return { get calls() { return calls; } };
}

function renderMic(props: { serverVoice?: boolean; disabled?: boolean } = {}) {
  const onHeard = vi.fn<(text: string) => void>();
  const onRecorded = vi.fn<(recording: Blob, token: string) => void>();
  const view = renderWithApp(
    <MicButton language="hindi" serverVoice={props.serverVoice ?? false} disabled={props.disabled ?? false} onHeard={onHeard} onRecorded={onRecorded} />,
  );
  return { ...view, onHeard, onRecorded };
}

beforeEach(() => {
  FakeRecognition.last = null;
  FakeRecorder.last = null;
  track.stop.mockClear();
  getUserMedia.mockClear();
  useChatStore.setState({ ...initialChatStoreState });
});
afterEach(() => browserHas({}));

describe('MicButton', () => {
  it('is not there where the browser can neither record nor recognise speech', async () => {
    browserHas({});
    renderMic({ serverVoice: true });
    await waitFor(() => expect(document.querySelector('[aria-hidden="true"].h-11')).toBeNull());
    expect(screen.queryByTestId('chat-mic')).toBeNull();
  });

  it('without a server provider, uses the browser\'s recognition: listening, then what it heard fills the box', async () => {
    browserHas({ speech: true, record: true });
    const tokens = serveToken();
    const { user, onHeard } = renderMic({ serverVoice: false });
    const mic = await screen.findByRole('button', { name: 'Speak your question' });
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    await user.click(mic);
    expect(FakeRecognition.last?.started).toBe(true);
    expect(FakeRecognition.last?.lang).toBe('hi-IN');
    expect(screen.getByRole('button', { name: 'Stop listening' }).getAttribute('aria-pressed')).toBe('true');
    FakeRecognition.last!.onresult?.({ results: [[{ transcript: 'सब्सिडी कितनी मिलेगी' }]] });
    FakeRecognition.last!.onend?.();
    expect(onHeard).toHaveBeenCalledWith('सब्सिडी कितनी मिलेगी');
    await screen.findByRole('button', { name: 'Speak your question' });
    // No token is asked for and nothing is recorded.
    expect(tokens.calls).toBe(0);
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('with a server provider, records after a token, counts down, and a second tap sends the recording', async () => {
    browserHas({ speech: true, record: true });
    serveToken();
    const { user, onRecorded } = renderMic({ serverVoice: true });
    await user.click(await screen.findByRole('button', { name: 'Speak your question' }));
    const stop = await screen.findByRole('button', { name: 'Stop and send your question' });
    expect(stop.getAttribute('aria-pressed')).toBe('true');
    const status = screen.getByTestId('chat-mic-status');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('Recording… 30 s left. Tap again to send.');
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(FakeRecognition.last).toBeNull();
    await user.click(stop);
    expect(onRecorded).toHaveBeenCalledTimes(1);
    const [blob, token] = onRecorded.mock.calls[0];
    expect(token).toBe(GRANT.token);
    expect(blob.type).toBe('audio/webm');
    expect(blob.size).toBeGreaterThan(0);
    // The microphone is let go, and the button is ready again.
    expect(track.stop).toHaveBeenCalled();
    await screen.findByRole('button', { name: 'Speak your question' });
    expect(screen.queryByTestId('chat-mic-status')).toBeNull();
  });

  it('stops by itself at the token\'s limit and sends what it has', async () => {
    browserHas({ record: true });
    serveToken(() => HttpResponse.json({ ...GRANT, max_seconds: 1 }));
    const { user, onRecorded } = renderMic({ serverVoice: true });
    await user.click(await screen.findByRole('button', { name: 'Speak your question' }));
    await screen.findByText('Recording… 1 s left. Tap again to send.');
    await waitFor(() => expect(onRecorded).toHaveBeenCalledTimes(1), { timeout: 2000 });
    await screen.findByRole('button', { name: 'Speak your question' });
  });

  it('falls back to the browser\'s recognition at once when the server says voice_unavailable', async () => {
    browserHas({ speech: true, record: true });
    serveToken(() => apiError(404, 'voice_unavailable', 'no provider'));
    const { user, onRecorded } = renderMic({ serverVoice: true });
    await user.click(await screen.findByRole('button', { name: 'Speak your question' }));
    await waitFor(() => expect(FakeRecognition.last?.started).toBe(true));
    expect(screen.getByTestId('chat-mic').getAttribute('data-mode')).toBe('browser');
    expect(track.stop).toHaveBeenCalled();
    expect(onRecorded).not.toHaveBeenCalled();
  });

  it('hides the microphone and says why when the server has no provider and the browser no recognition', async () => {
    browserHas({ record: true });
    serveToken(() => apiError(404, 'voice_unavailable', 'no provider'));
    const { user } = renderMic({ serverVoice: true });
    await user.click(await screen.findByRole('button', { name: 'Speak your question' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Voice questions are not available here. Please type your question.');
    expect(screen.queryByTestId('chat-mic')).toBeNull();
  });

  it('says so when the microphone is refused, and asks for no token', async () => {
    browserHas({ record: true });
    const tokens = serveToken();
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    const { user } = renderMic({ serverVoice: true });
    await user.click(await screen.findByRole('button', { name: 'Speak your question' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Allow the microphone to ask by voice, or type your question.');
    expect(tokens.calls).toBe(0);
    screen.getByRole('button', { name: 'Speak your question' });
  });

  it('shows the server\'s refusal of a token (429) in the interface language', async () => {
    browserHas({ record: true });
    serveToken(() => apiError(429, 'rate_limited', 'slow down'));
    const { user } = renderWithApp(
      <MicButton language="hinglish" serverVoice disabled={false} onHeard={() => {}} onRecorded={() => {}} />, { locale: 'he' },
    );
    await user.click(await screen.findByRole('button', { name: 'Apna sawaal boliye' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Bahut zyada tries. Please thoda rukkar phir try karein.');
  });

  it('cannot start while an answer is on its way', async () => {
    browserHas({ speech: true });
    renderMic({ disabled: true });
    expect((await screen.findByRole('button', { name: 'Speak your question' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('ChatScreen with server voice', () => {
  it('shows the voice question, then the words heard and the answer', async () => {
    browserHas({ record: true });
    serveToken();
    server.use(http.get('/recommendation-service/api/v1/suggestions', () => HttpResponse.json<SuggestionsResponse>({ long: [], short: [] })));
    const uploads: Array<{ query: string; type: string | null; token: string | null }> = [];
    let answer!: () => void;
    const answered = new Promise<void>((r) => { answer = r; });
    server.use(http.post(AUDIO, async ({ request }) => {
      uploads.push({ query: new URL(request.url).search, type: request.headers.get('content-type'), token: request.headers.get('x-audio-token') });
      await answered;
      return HttpResponse.json<VoiceChatResult>({
        chat_id: '6e7f8091-2b3c-4d4e-9f5a-6b7c8d9e0f1a', answer: '3 kW ke liye ₹78,000 tak subsidy milti hai.', matched: true,
        category: 'Subsidy', suggestions: [], related: [], sources: [], transcript: '3 kW pe kitni subsidy', transcript_language: 'hi',
      });
    }));
    const { user } = renderWithApp(<ChatScreen uiLanguage="hinglish" serverVoice />, { locale: 'he' });
    await user.click(await screen.findByRole('button', { name: 'Apna sawaal boliye' }));
    await user.click(await screen.findByRole('button', { name: 'Rokein aur apna sawaal bhejein' }));
    const list = within(await screen.findByTestId('chat-messages'));
    await list.findByText('Bolkar poocha gaya sawaal…');
    answer();
    await list.findByText('3 kW ke liye ₹78,000 tak subsidy milti hai.');
    list.getByText('3 kW pe kitni subsidy');
    expect(list.queryByText('Bolkar poocha gaya sawaal…')).toBeNull();
    expect(uploads).toEqual([{ query: '?language=hinglish', type: 'audio/webm', token: GRANT.token }]);
  });
});
