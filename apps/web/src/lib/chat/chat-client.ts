import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import {
  CHAT_EVENTS, CHAT_MSG, CHAT_RECONNECT, type ChatErrorEvent, type ChatMessage, type ChatParty, type ConversationList,
  type SendMessageAck, type SendMessageBody,
} from '@nirmaan/shared/chat';
import { CHAT_ORIGIN } from './chat-host.ts';
import { chatKeys, markConversationRead } from './chat-api.ts';

/** connecting: first contact; online: joined; reconnecting: lost and retrying; offline: retries used up. */
export type ChatStatus = 'connecting' | 'online' | 'reconnecting' | 'offline';

/** A message of ours the server has not confirmed yet: shown at once, replaced by the stored one. */
export interface PendingMessage {
  clientId: string;
  partnerId: string;
  text: string;
  time: string;
  state: 'sending' | 'queued' | 'failed';
  error?: string;
}

export interface ChatSnapshot {
  status: ChatStatus;
  pending: PendingMessage[];
  /** Messages that arrived over the socket since the page opened, by the other party's id. */
  live: Record<string, ChatMessage[]>;
  /** A refusal not tied to one message (say, a join refused); cleared by the next one or by dismissing it. */
  notice: string | null;
}

/** How long a send waits for the server's acknowledgement before it is shown as failed. */
const ACK_TIMEOUT_MS = 15_000;

const newClientId = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * One party's live chat: the socket (websocket only, the spec's reconnection), the messages it brings,
 * and ours on their way. Messages are filed under the other party; a message we sent is recognised by its
 * clientId whether the acknowledgement or the echo arrives first, so it never shows twice. The conversation
 * list in the query cache is patched as messages come, so unread badges move without a refetch.
 */
export class ChatClient {
  private socket: Socket | null = null;
  private snapshot: ChatSnapshot = { status: 'connecting', pending: [], live: {}, notice: null };
  private readonly listeners = new Set<() => void>();
  private readonly seen = new Set<string>();
  private everOnline = false;
  /** Connections made so far, and the one whose joinRoom was refused for want of a session. */
  private connects = 0;
  private joinRefusedOn = -1;
  /** The conversation on screen: its incoming messages are read at once rather than counted as unread. */
  private openPartnerId: string | undefined;

  constructor(
    private readonly self: { id: string; party: ChatParty },
    private readonly queryClient: QueryClient,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private update(change: Partial<ChatSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    this.listeners.forEach((l) => l());
  }

  private setPending(fn: (list: PendingMessage[]) => PendingMessage[]) {
    this.update({ pending: fn(this.snapshot.pending) });
  }

  start() {
    if (this.socket) return;
    const socket = io(CHAT_ORIGIN || undefined, {
      transports: ['websocket'],
      withCredentials: true,
      reconnectionAttempts: CHAT_RECONNECT.attempts,
      reconnectionDelay: CHAT_RECONNECT.delayMs,
      reconnectionDelayMax: CHAT_RECONNECT.delayMs,
      randomizationFactor: 0,
    });
    this.socket = socket;
    this.update({ status: 'connecting' });

    socket.on('connect', () => {
      this.connects += 1;
      socket.emit(CHAT_EVENTS.joinRoom, this.self.id);
      this.update({ status: 'online', ...(this.snapshot.notice === CHAT_MSG.notLoggedIn ? { notice: null } : {}) });
      if (this.everOnline) {
        // Whatever arrived while we were away is only on the server.
        void this.queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
        void this.queryClient.invalidateQueries({ queryKey: chatKeys.threads });
      }
      this.everOnline = true;
      this.snapshot.pending.filter((p) => p.state !== 'failed').forEach((p) => this.emit(p));
    });
    socket.on('disconnect', () => {
      if (!socket.active) {
        // The server closed it (say, the session ended): socket.io does not retry that by itself.
        this.goOffline();
        return;
      }
      this.update({ status: 'reconnecting' });
      this.setPending((list) => list.map((p) => (p.state === 'sending' ? { ...p, state: 'queued' } : p)));
    });
    socket.on('connect_error', () => {
      if (socket.active) this.update({ status: 'reconnecting' });
      else this.goOffline();
    });
    socket.io.on('reconnect_failed', () => this.goOffline());
    socket.on(CHAT_EVENTS.receiveMessage, (msg: ChatMessage) => this.file(msg));
    socket.on(CHAT_EVENTS.chatError, (err: ChatErrorEvent) => {
      if (err.clientId) this.fail(err.clientId, err.message);
      this.update({ notice: err.message });
      if (err.code === 'UNAUTHENTICATED' && !err.clientId) {
        // Our joinRoom found no session: the server closes the transport once so that the reconnect carries a
        // fresh cookie. Refused on the next connection too, the session is gone: stop rather than loop.
        if (this.joinRefusedOn === this.connects - 1) {
          socket.disconnect();
          this.goOffline();
        }
        this.joinRefusedOn = this.connects;
      }
    });
    socket.on(CHAT_EVENTS.messagesRead, (e: { customerId: string; vendorId: string; reader: ChatParty }) => {
      if (e.reader !== this.self.party) return;
      this.setUnread(this.self.party === 'Customer' ? e.vendorId : e.customerId, 0);
    });
  }

  stop() {
    this.socket?.removeAllListeners();
    this.socket?.io.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
  }

  /** Reconnects after the retries were used up. */
  reconnect() {
    this.stop();
    this.start();
  }

  private goOffline() {
    this.update({ status: 'offline' });
    this.setPending((list) => list.map((p) => (p.state === 'failed' ? p : { ...p, state: 'failed', error: CHAT_MSG.offline })));
  }

  setOpenConversation(partnerId: string | undefined) {
    this.openPartnerId = partnerId;
  }

  dismissNotice() {
    this.update({ notice: null });
  }

  /** Sends trimmed text to `partnerId`; false (and nothing sent) for blank text or no partner. */
  send(partnerId: string | undefined, text: string): boolean {
    const trimmed = text.trim();
    if (!partnerId || !trimmed) return false;
    const item: PendingMessage = { clientId: newClientId(), partnerId, text: trimmed, time: new Date().toISOString(), state: 'sending' };
    this.setPending((list) => [...list, item]);
    this.emit(item);
    return true;
  }

  /** Sends a failed message again, with the same clientId so the server stores it once. */
  retry(clientId: string) {
    const item = this.snapshot.pending.find((p) => p.clientId === clientId);
    if (!item) return;
    const again: PendingMessage = { ...item, state: 'sending' };
    delete again.error;
    this.setPending((list) => list.map((p) => (p.clientId === clientId ? again : p)));
    if (this.snapshot.status === 'offline') this.reconnect();
    else this.emit(again);
  }

  private emit(item: PendingMessage) {
    const socket = this.socket;
    if (this.snapshot.status === 'offline') {
      this.fail(item.clientId, CHAT_MSG.offline);
      return;
    }
    if (!socket?.connected) {
      // Sent by the connect handler once the socket is back.
      this.setPending((list) => list.map((p) => (p.clientId === item.clientId && p.state === 'sending' ? { ...p, state: 'queued' } : p)));
      return;
    }
    const other: ChatParty = this.self.party === 'Customer' ? 'Vendor' : 'Customer';
    const body: SendMessageBody = {
      senderId: this.self.id, senderModel: this.self.party, receiverId: item.partnerId, receiverModel: other, text: item.text, clientId: item.clientId,
    };
    this.setPending((list) => list.map((p) => (p.clientId === item.clientId ? { ...p, state: 'sending' } : p)));
    const timer = setTimeout(() => {
      if (this.snapshot.pending.some((p) => p.clientId === item.clientId && p.state === 'sending')) this.fail(item.clientId, 'The message could not be sent.');
    }, ACK_TIMEOUT_MS);
    socket.emit(CHAT_EVENTS.sendMessage, body, (ack: SendMessageAck) => {
      clearTimeout(timer);
      if (ack.ok) this.file(ack.message);
      else {
        this.fail(item.clientId, ack.message);
        this.update({ notice: ack.message });
      }
    });
  }

  private fail(clientId: string, error: string) {
    this.setPending((list) => list.map((p) => (p.clientId === clientId ? { ...p, state: 'failed', error } : p)));
  }

  /** Files a stored message under the other party, once, and moves that conversation's summary. */
  private file(msg: ChatMessage) {
    if (msg.clientId && this.snapshot.pending.some((p) => p.clientId === msg.clientId)) {
      this.setPending((list) => list.filter((p) => p.clientId !== msg.clientId));
    }
    if (this.seen.has(msg._id)) return;
    this.seen.add(msg._id);

    const partnerId = msg.senderId === this.self.id ? msg.receiverId : msg.senderId;
    const incoming = msg.senderId !== this.self.id;
    const open = this.openPartnerId === partnerId;
    this.update({ live: { ...this.snapshot.live, [partnerId]: [...(this.snapshot.live[partnerId] ?? []), msg] } });

    let known = false;
    const unreadAdded = incoming && !open ? 1 : 0;
    this.queryClient.setQueryData<ConversationList>(chatKeys.conversations, (data) => {
      const current = data?.conversations.find((c) => c.partner._id === partnerId);
      if (!data || !current) return data;
      known = true;
      return {
        conversations: [
          { ...current, lastMessage: msg, unread: current.unread + unreadAdded },
          ...data.conversations.filter((c) => c !== current),
        ],
        totalUnread: data.totalUnread + unreadAdded,
      };
    });
    // A new conversation: the list call knows the partner's name.
    if (!known) void this.queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    if (incoming && open) void this.markRead(partnerId);
  }

  /** Marks a conversation read on the server and clears its badge here. */
  async markRead(partnerId: string) {
    this.setUnread(partnerId, 0);
    await markConversationRead(partnerId).catch(() => undefined); // the spec's error handling: chat load failures are only logged
  }

  private setUnread(partnerId: string, unread: number) {
    this.queryClient.setQueryData<ConversationList>(chatKeys.conversations, (data) => {
      const current = data?.conversations.find((c) => c.partner._id === partnerId);
      if (!data || !current || current.unread === unread) return data;
      return {
        conversations: data.conversations.map((c) => (c === current ? { ...c, unread } : c)),
        totalUnread: Math.max(0, data.totalUnread - current.unread + unread),
      };
    });
  }
}
