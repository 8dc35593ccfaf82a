import type { Socket } from 'socket.io-client';
import { getVisitorToken } from '@/lib/http/client';
import type { ChatRequest, ChatResult } from '../schemas';

/**
 * The chat's socket.io connection:
 * same origin, path /socket.io. The client emits "chat"; the server answers
 * with "chat_chunk" while composing, then "chat_end", or "chat_error".
 * socket.io-client is loaded on first use, so it is not part of any page's
 * first load; one connection serves every chat screen of the tab.
 */

export interface ChatChunkEvent { chat_id: string; text: string }
/** "chat_end": the whole result, the same shape as the HTTP answer. */
export type ChatEndEvent = ChatResult;
/** "chat_error": the one error shape's code and message; `retry_after` seconds for `rate_limited`. */
export interface ChatErrorEvent { code: string; message: string; retry_after?: number }
export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';

export interface ChatListener {
  onChunk?: (e: ChatChunkEvent) => void;
  onEnd?: (e: ChatEndEvent) => void;
  onError?: (e: ChatErrorEvent) => void;
  onStatus?: (s: ConnectionStatus) => void;
}

const listeners = new Set<ChatListener>();
let socketPromise: Promise<Socket> | null = null;
let status: ConnectionStatus = 'disconnected';

function setStatus(s: ConnectionStatus): void {
  status = s;
  for (const l of listeners) l.onStatus?.(s);
}

/**
 * Opens the connection on first call (loading socket.io-client then) and
 * returns it; later calls return the same one. Reconnects are socket.io's
 * own (with the server's connection state recovery, a reconnect loses no
 * answer).
 * @throws when socket.io-client cannot be loaded (offline before first use).
 */
export function connectChatSocket(): Promise<Socket> {
  if (socketPromise) return socketPromise;
  setStatus('connecting');
  socketPromise = import('socket.io-client').then(({ io }) => {
    // Framed by another site, the page has no cookie of ours: the handshake carries the visitor token instead.
    const socket = io({
      path: '/socket.io',
      withCredentials: true,
      auth: (cb) => {
        const token = getVisitorToken();
        cb(token ? { token } : {});
      },
    });
    socket.on('connect', () => setStatus('connected'));
    socket.on('disconnect', () => setStatus(socket.active ? 'connecting' : 'disconnected'));
    socket.on('connect_error', () => setStatus(socket.active ? 'connecting' : 'disconnected'));
    socket.io.on('reconnect_attempt', () => setStatus('connecting'));
    socket.on('chat_chunk', (e: ChatChunkEvent) => { for (const l of listeners) l.onChunk?.(e); });
    socket.on('chat_end', (e: ChatEndEvent) => { for (const l of listeners) l.onEnd?.(e); });
    socket.on('chat_error', (e: ChatErrorEvent) => { for (const l of listeners) l.onError?.(e); });
    return socket;
  }, (err: unknown) => {
    socketPromise = null;
    setStatus('disconnected');
    throw err;
  });
  return socketPromise;
}

/** The connection's state now ("disconnected" before the first connect). */
export function chatSocketStatus(): ConnectionStatus {
  return status;
}

/** Registers for the chat events and status changes; returns the unsubscribe function. */
export function subscribeChat(listener: ChatListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Sends a question over the socket once it is connected.
 * @param waitMs how long to wait for a connection, ms.
 * @returns false when no connection came within `waitMs` (the caller then
 * uses the HTTP endpoint instead).
 */
export async function emitChat(payload: ChatRequest, waitMs = 4000): Promise<boolean> {
  let socket: Socket;
  try {
    socket = await connectChatSocket();
  } catch {
    return false;
  }
  if (!socket.connected) {
    const connected = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        socket.off('connect', onConnect);
        resolve(false);
      }, waitMs);
      const onConnect = () => {
        clearTimeout(timer);
        resolve(true);
      };
      socket.once('connect', onConnect);
    });
    if (!connected) return false;
  }
  socket.emit('chat', payload);
  return true;
}
