import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHAT_PAGE_SIZE, ZCartsParams, ZChatMessage, ZChatReadParams, ZChatReadResponse, ZConversationList, ZConversationParams, ZConversationQuery,
  ZCustomerMessageList, ZChatMessageList, ZSendMessageBody,
} from '@nirmaan/shared';
import { ANY_SESSION_SECURITY, SESSION_SECURITY, sessionErrorResponses } from '../lib/http-schemas.ts';
import { AppError } from '../lib/errors.ts';
import { LOGIN_REQUIRED, requireSelf, type Identity } from '../lib/identity.ts';
import * as service from '../modules/chat/service.ts';

async function requireParty(req: FastifyRequest): Promise<Identity> {
  const who = await req.identity();
  if (!who) throw new AppError('UNAUTHENTICATED', LOGIN_REQUIRED);
  return who;
}

/** The original client's chat host calls (docs/api-contract.md), served here, plus the conversation list and read marks of either party. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['chat'], security: ANY_SESSION_SECURITY };

  app.get('/api/messages/customer/:userid', {
    schema: {
      tags: ['chat'], security: SESSION_SECURITY,
      summary: "Every message of the logged-in customer, oldest first, with sender and receiver populated",
      params: ZCartsParams, response: { 200: ZCustomerMessageList, ...sessionErrorResponses },
    },
  }, async (req, reply) => {
    const me = await requireSelf(req, req.params.userid);
    reply.header('cache-control', 'no-store');
    return service.customerMessages(app.db, me.id);
  });

  app.get('/api/messages/conversation/:userid/:vendorid', {
    schema: {
      ...common,
      summary: `One conversation: the newest ${CHAT_PAGE_SIZE} messages (before ?before= a message id), oldest first; for that customer or that vendor`,
      params: ZConversationParams, querystring: ZConversationQuery, response: { 200: ZChatMessageList, ...sessionErrorResponses },
    },
  }, async (req, reply) => {
    const me = await requireParty(req);
    const { userid, vendorid } = req.params;
    if (me.id !== (me.role === 'customer' ? userid : vendorid)) throw new AppError('FORBIDDEN', 'You can only read your own conversations.');
    reply.header('cache-control', 'no-store');
    return service.conversation(app.db, { customerId: userid, vendorId: vendorid }, req.query.before);
  });

  app.post('/api/messages/send', {
    schema: {
      ...common,
      summary: 'Send a message as the logged-in party (the same message sent by socket too, or retried with its clientId, is stored once)',
      body: ZSendMessageBody, response: { 200: ZChatMessage, 201: ZChatMessage, ...sessionErrorResponses },
    },
  }, async (req, reply) => {
    const me = await requireParty(req);
    const { senderId, senderModel } = req.body;
    if ((senderId !== undefined && senderId !== me.id) || (senderModel !== undefined && senderModel !== (me.role === 'customer' ? 'Customer' : 'Vendor'))) {
      throw new AppError('FORBIDDEN', 'You can only send messages as yourself.');
    }
    await service.assertMayMessage(app.db, me, req.body.receiverId);
    const sent = await service.send(app, me, req.body, 'post');
    if (sent.created) app.realtime.deliver(sent);
    return reply.status(sent.created ? 201 : 200).send(sent.message);
  });

  app.get('/api/chat/conversations', {
    schema: {
      ...common,
      summary: "The logged-in party's conversations, newest first, with the partner, last message and unread counts",
      response: { 200: ZConversationList, ...sessionErrorResponses },
    },
  }, async (req, reply) => {
    const me = await requireParty(req);
    reply.header('cache-control', 'no-store');
    return service.conversations(app.db, me);
  });

  app.post('/api/chat/read/:partnerId', {
    schema: {
      ...common,
      summary: 'Mark what the logged-in party received from this partner as read (its other tabs hear messagesRead)',
      params: ZChatReadParams, response: { 200: ZChatReadResponse, ...sessionErrorResponses },
    },
  }, async (req) => {
    const me = await requireParty(req);
    const { read, event } = await service.markRead(app.db, me, req.params.partnerId);
    app.realtime.read(me, event);
    return { read };
  });
};
