import type { Server, Socket } from 'socket.io';
import type { ChatErrorEvent, ChatMessage, ZMessagesReadEvent } from '@nirmaan/shared';
import type { z } from 'zod';
import type { Identity } from '../lib/identity.ts';

/** What one chat socket remembers between its events. */
export interface SocketData {
  /** The session's party, or null for a socket opened before login (no room, cannot send). */
  who: Identity | null;
  token: string | undefined;
  checkedAt: number;
  /** Partners this socket was allowed to write to, so the rule is asked once per partner, not per message. */
  allowed: Set<string>;
  /** Sends of one socket are handled in order. */
  queue: Promise<void>;
  /** Rooms `sent:<messageId>` of repeats this socket sent (a twin whose POST was stored first, a retry), oldest first. */
  twins: string[];
  /** An anonymous socket is closed for a reconnect at most once. */
  reauthAsked: boolean;
}
export type ReadEvent = z.infer<typeof ZMessagesReadEvent>;
interface ClientEvents {
  joinRoom(id: unknown, ack?: unknown): void;
  sendMessage(body: unknown, ack?: unknown): void;
}
interface ServerEvents {
  receiveMessage(message: ChatMessage): void;
  chatError(error: ChatErrorEvent): void;
  messagesRead(event: ReadEvent): void;
}
/** Between server processes (through the Redis adapter). */
interface InterServerEvents {
  /** A session logged out through another process: close this process's sockets of it. */
  sessionEnded(sessionId: string): void;
}
export type ChatServer = Server<ClientEvents, ServerEvents, InterServerEvents, SocketData>;
export type ChatSocket = Socket<ClientEvents, ServerEvents, InterServerEvents, SocketData>;
/** Tells a socket (and its ack, when given) why an event was refused. */
export type Refuse = (err: ChatErrorEvent, ack?: unknown) => void;
