import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ZVendorProfile } from '@nirmaan/shared/api';
import {
  CHAT_PAGE_SIZE, ZChatMessageList, ZChatReadResponse, ZConversationList, type ChatMessage,
} from '@nirmaan/shared/chat';
import { api } from '../api.ts';
import { chatCredentials, chatUrl } from './chat-host.ts';

const enc = encodeURIComponent;

export const chatKeys = {
  conversations: ['chat', 'conversations'] as const,
  threads: ['chat', 'thread'] as const,
  thread: (customerId: string, vendorId: string) => ['chat', 'thread', customerId, vendorId] as const,
  vendor: (id: string) => ['chat', 'vendor', id] as const,
};

const chatApi = <T>(path: string, init: Parameters<typeof api>[1], schema: Parameters<typeof api<T>>[2]) =>
  api<T>(chatUrl(path), { credentials: chatCredentials, ...init }, schema);

/** The logged-in party's conversations with unread counts; kept live by the socket (useChat patches it). */
export function useConversations(enabled = true) {
  return useQuery({
    queryKey: chatKeys.conversations,
    queryFn: () => chatApi('/api/chat/conversations', { cache: 'no-store' }, ZConversationList),
    enabled,
    staleTime: 30_000,
  });
}

/**
 * One thread, newest page first; each next page is the CHAT_PAGE_SIZE messages before the oldest one shown.
 * A short page means there is nothing older.
 */
export function useThread(customerId: string, vendorId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: chatKeys.thread(customerId, vendorId),
    queryFn: ({ pageParam }) => chatApi(
      `/api/messages/conversation/${enc(customerId)}/${enc(vendorId)}${pageParam ? `?before=${enc(pageParam)}` : ''}`,
      { cache: 'no-store' },
      ZChatMessageList,
    ),
    initialPageParam: '',
    getNextPageParam: (page: ChatMessage[]) => (page.length >= CHAT_PAGE_SIZE ? page[0]?._id : undefined),
    enabled,
    // The socket brings new messages; a reconnect refetches what it may have missed.
    staleTime: Infinity,
  });
}

/** The chat header's vendor (owner, business, image). */
export function useChatVendor(id: string | undefined) {
  return useQuery({
    queryKey: chatKeys.vendor(id ?? ''),
    queryFn: () => chatApi(`/api/vendor/${enc(id ?? '')}`, {}, ZVendorProfile),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
  });
}

/** Marks what the logged-in party received from `partnerId` as read. */
export const markConversationRead = (partnerId: string) =>
  chatApi(`/api/chat/read/${enc(partnerId)}`, { method: 'POST' }, ZChatReadResponse);
