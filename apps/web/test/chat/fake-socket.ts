import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { ChatMessage, SendMessageAck, SendMessageBody } from '@nirmaan/shared/chat';

type Handler = (...args: unknown[]) => void;

/**
 * A stand-in for a socket.io client socket, driven by the test: it records what the page emits and lets the
 * test play the server (connect, drop, push events). The real socket is the browser test's (e2e/chat.test.ts).
 */
export class FakeSocket {
  connected = false;
  active = true;
  readonly emitted: { event: string; args: unknown[] }[] = [];
  /** How the fake server answers a sendMessage; by default it stores it. */
  answer: (body: SendMessageBody) => SendMessageAck | undefined = (body) => ({ ok: true, message: stored(body) });
  private readonly handlers = new Map<string, Handler[]>();
  private readonly managerHandlers = new Map<string, Handler[]>();
  readonly io = {
    on: (event: string, fn: Handler) => {
      this.managerHandlers.set(event, [...(this.managerHandlers.get(event) ?? []), fn]);
      return this.io;
    },
    removeAllListeners: () => this.managerHandlers.clear(),
  };

  constructor(readonly url: string | undefined, readonly options: Record<string, unknown>) {}

  on(event: string, fn: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }

  removeAllListeners() {
    this.handlers.clear();
    return this;
  }

  disconnect() {
    this.connected = false;
    this.active = false;
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    const ack = args.at(-1);
    if (event === 'sendMessage' && typeof ack === 'function') {
      const reply = this.answer(args[0] as SendMessageBody);
      if (reply) queueMicrotask(() => ack(reply));
    }
    return this;
  }

  sent = () => this.emitted.filter((e) => e.event === 'sendMessage').map((e) => e.args[0] as SendMessageBody);

  /** Plays the server: fires the page's handlers for `event`. */
  fire(event: string, ...args: unknown[]) {
    (this.handlers.get(event) ?? []).forEach((fn) => fn(...args));
  }

  fireManager(event: string, ...args: unknown[]) {
    (this.managerHandlers.get(event) ?? []).forEach((fn) => fn(...args));
  }

  serverConnect() {
    this.connected = true;
    this.fire('connect');
  }

  serverDrop() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
}

let counter = 0;
/** The message the server would store for a send from the logged-in party. */
export function stored(body: SendMessageBody, at = new Date().toISOString()): ChatMessage {
  counter += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    senderId: body.senderId ?? '', senderModel: body.senderModel ?? 'Customer',
    receiverId: body.receiverId, receiverModel: body.receiverModel ?? 'Vendor',
    text: String(body.text).trim(), time: at, createdAt: at, clientId: body.clientId ?? null, readAt: null,
  };
}

/** socket.io-client as the chat tests mock it: each `io()` makes a FakeSocket, kept in `sockets` for the test to drive. */
export const fakeSocketIo = (sockets: FakeSocket[]) => ({
  io: (url: string | undefined, options: Record<string, unknown>) => {
    const socket = new FakeSocket(url, options);
    sockets.push(socket);
    return socket;
  },
});

/** Each chat test starts with no sockets and no stored user, and leaves nothing rendered or stubbed behind. */
export function resetBetweenTests(sockets: FakeSocket[]) {
  beforeEach(() => {
    sockets.length = 0;
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
