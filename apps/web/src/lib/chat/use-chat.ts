import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatParty } from '@nirmaan/shared/chat';
import { ChatClient, type PendingMessage } from './chat-client.ts';

/**
 * The live chat of the logged-in party while the page is open. Mount it under a key of the party's id:
 * another party is another client.
 */
export function useChatClient(selfId: string, party: ChatParty) {
  const queryClient = useQueryClient();
  const [client] = useState(() => new ChatClient({ id: selfId, party }, queryClient));
  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot);
  return { client, ...snapshot };
}

/** A line of the thread: a stored message, or one of ours still on its way. */
export type ThreadItem = { kind: 'stored'; message: ChatMessage } | { kind: 'pending'; message: PendingMessage };

/**
 * The thread as shown: loaded pages (newest page first, each oldest first), then what the socket brought,
 * then ours not yet confirmed. Each message once, by id, and a pending one goes as soon as its stored copy
 * (same clientId) is here.
 */
export function mergeThread(pages: ChatMessage[][], live: ChatMessage[], pending: PendingMessage[]): ThreadItem[] {
  const byId = new Map<string, ChatMessage>();
  for (const m of [...pages.slice().reverse().flat(), ...live]) if (!byId.has(m._id)) byId.set(m._id, m);
  const stored = [...byId.values()].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  const confirmed = new Set(stored.map((m) => m.clientId).filter(Boolean));
  return [
    ...stored.map((message) => ({ kind: 'stored' as const, message })),
    ...pending.filter((p) => !confirmed.has(p.clientId)).map((message) => ({ kind: 'pending' as const, message })),
  ];
}
