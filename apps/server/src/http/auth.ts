import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZClientConfig, ZGoogleLoginBody, ZLoginAnswer, ZLoginResponse, ZMessageResponse, ZOtpLoginBody, ZPasswordLoginBody, ZProfile,
  ZProfileUpdateBody, ZResetPasswordBody, ZSendOtpBody, ZSessionResponse, ZSignupBody, ZUserIdParams, ZVerifyOtpAnswer, ZVerifyOtpBody,
  ZVendorLoginBody, ZVendorLoginResponse, ZVendorOtpLoginBody, ZVendorSignupBody, VENDOR_ACCOUNT_MSG, ZLanguageBody, ZLanguageResponse,
} from '@nirmaan/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translateMessage } from '../lib/i18n.ts';
import { chosenLocale } from '../plugins/locale.ts';
import * as vendors from '../modules/vendors/service.ts';
import { SESSION_SECURITY, sessionErrorResponses as authErrors } from '../lib/http-schemas.ts';
import { requireCustomer, requireSelf } from '../lib/identity.ts';
import * as service from '../modules/auth/service.ts';
import { signUp } from '../flows/sign-up.ts';
import { clientPaymentOptions } from '../modules/payments/service.ts';

/**
 * What the spec's login calls answer for a refusal the user must read (docs/decisions/013): 200 with its message and
 * code, as its client reads refusals only from 2xx answers. Anything else (429, 5xx) keeps its status.
 */
async function refusalAsAnswer<T>(req: FastifyRequest, work: Promise<T>): Promise<T | { message: string; code: string }> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof service.LoginRefusal) return { message: translateMessage(req.locale, err.message), code: err.code };
    throw err;
  }
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // A language chosen on this device before logging in becomes the account's, unless it already has one (issue 33).
  const loggedIn = async (req: FastifyRequest, reply: FastifyReply, result: service.LoggedIn) => {
    const chosen = chosenLocale(req);
    if (chosen) await service.setLanguage(app.db, result.customer.id, chosen, true);
    reply.setSessionCookie(result.token);
    return { message: 'Success' as const, user: service.toWireUser(result.customer) };
  };

  app.post('/sendotp', {
    schema: {
      tags: ['accounts'],
      summary: 'Email a 6-digit code (10 minutes, single use)',
      description: 'With `purpose`, `login` and `reset` answer 404 for an email without an account and `signup` answers 409 for one with an account; no code is sent then. Without it, any email gets a code.',
      body: ZSendOtpBody,
      response: { 200: ZMessageResponse, ...authErrors },
    },
  }, async (req) => {
    await service.sendOtp(app.db, app.limiter, req.body.Email, req.ip, req.body.purpose, req.locale);
    void app.outbox.poke();
    return { message: 'OTP sent to your email' };
  });

  // The spec's login calls answer a refusal the user must read (wrong password, wrong, expired or used code, no
  // account) with 200, its message and code, and no user: its client reads refusals only from 2xx answers
  // (docs/decisions/013). Limits (429) and malformed bodies (400) keep their statuses.
  app.post('/verifyotp', {
    schema: {
      tags: ['accounts'], summary: 'Check a code; opens a short window for OTP login, signup or reset',
      description: 'A wrong, expired or used code answers 200 with the reason in `message` and a `code`; only "OTP verified" is success.',
      body: ZVerifyOtpBody, response: { 200: ZVerifyOtpAnswer, ...authErrors },
    },
  }, async (req) => refusalAsAnswer(req, service.checkOtp(app.db, req.body.Email, req.body.otp).then(() => ({ message: 'OTP verified' }))));

  app.post('/fetch/userprofile', {
    schema: {
      tags: ['accounts'], summary: 'Log in with email and password',
      description: 'A wrong password or unknown email answers 200 with `message` and `code` and no `user` (no session).',
      body: ZPasswordLoginBody, response: { 200: ZLoginAnswer, ...authErrors },
    },
  }, async (req, reply) => refusalAsAnswer(req, service.loginWithPassword(app.db, app.limiter, req.body.email, req.body.password, req.ip).then((r) => loggedIn(req, reply, r))));

  app.post('/login-with-otp', {
    schema: {
      tags: ['accounts'], summary: 'Log in after /verifyotp succeeded for this email',
      description: 'Without a verified code (or once it is used) answers 200 with `message` and `code` and no `user` (no session).',
      body: ZOtpLoginBody, response: { 200: ZLoginAnswer, ...authErrors },
    },
  }, async (req, reply) => refusalAsAnswer(req, service.loginWithOtp(app.db, app.limiter, req.body.email).then((r) => loggedIn(req, reply, r))));

  const vendorLoggedIn = async (req: FastifyRequest, reply: FastifyReply, result: service.VendorLoggedIn) => {
    const chosen = chosenLocale(req);
    if (chosen) await vendors.setLanguage(app.db, result.vendor.id, chosen, true);
    reply.setSessionCookie(result.token);
    return { message: 'Success' as const, vendor: service.toWireVendorRef(result.vendor) };
  };

  app.post('/api/vendor/login', {
    schema: {
      tags: ['vendor accounts'], summary: 'Log a vendor in with email and password (a vendor session: customer calls refuse it)',
      body: ZVendorLoginBody, response: { 200: ZVendorLoginResponse, ...authErrors },
    },
  }, async (req, reply) => vendorLoggedIn(req, reply, await service.loginVendorWithPassword(app.db, app.limiter, req.body.email, req.body.password, req.ip)));

  app.post('/api/vendor/login-with-otp', {
    schema: {
      tags: ['vendor accounts'], summary: "Log a vendor in after /sendotp (purpose 'vendor-login') and /verifyotp succeeded for this email",
      body: ZVendorOtpLoginBody, response: { 200: ZVendorLoginResponse, ...authErrors },
    },
  }, async (req, reply) => vendorLoggedIn(req, reply, await service.loginVendorWithOtp(app.db, app.limiter, req.body.email)));

  app.post('/api/vendor/signup', {
    schema: {
      tags: ['vendor accounts'],
      summary: "Create a vendor account after /sendotp (purpose 'vendor-signup') and /verifyotp succeeded for its email; it is listed publicly once approved",
      body: ZVendorSignupBody, response: { 201: ZMessageResponse, ...authErrors },
    },
  }, async (req, reply) => {
    await service.signUpVendor(app.db, req.body, chosenLocale(req));
    return reply.status(201).send({ message: VENDOR_ACCOUNT_MSG.signedUp });
  });

  app.post('/google-login/customer', {
    schema: { tags: ['accounts'], summary: 'Log in or sign up with a verified Google ID token', body: ZGoogleLoginBody, response: { 200: ZLoginResponse, ...authErrors } },
  }, async (req, reply) => loggedIn(req, reply, await service.loginWithGoogle(app.db, req.body.credential, {
    clientId: app.config.GOOGLE_CLIENT_ID, jwksUrl: app.config.GOOGLE_JWKS_URL,
  })));

  app.post('/profiledata', {
    schema: { tags: ['accounts'], summary: 'Create an account after /verifyotp succeeded for its email', body: ZSignupBody, response: { 201: ZMessageResponse, ...authErrors } },
  }, async (req, reply) => {
    await signUp(app.db, req.body, chosenLocale(req));
    return reply.status(201).send({ message: 'Account created successfully! Redirecting to login...' });
  });

  app.put('/forgetpassword', {
    schema: { tags: ['accounts'], summary: 'Set a new password after /verifyotp succeeded; signs out every session', body: ZResetPasswordBody, response: { 200: ZMessageResponse, ...authErrors } },
  }, async (req) => {
    await service.resetPassword(app.db, app.limiter, req.body.email, req.body.password);
    return { message: 'Password reset successful!' };
  });

  app.get('/myprofile/:userid', {
    schema: { tags: ['accounts'], summary: 'The logged-in customer’s profile', security: SESSION_SECURITY, params: ZUserIdParams, response: { 200: ZProfile, ...authErrors } },
  }, async (req) => {
    const me = await requireSelf(req, req.params.userid);
    return service.getProfile(app.db, me.id);
  });

  app.put('/api/profile', {
    schema: { tags: ['accounts'], summary: 'Change name, phone and location (email stays)', security: SESSION_SECURITY, body: ZProfileUpdateBody, response: { 200: ZProfile, ...authErrors } },
  }, async (req) => {
    const me = await requireCustomer(req);
    return service.updateProfile(app.db, me.id, req.body);
  });

  app.put('/api/me/language', {
    schema: {
      tags: ['accounts'], summary: 'The logged-in customer’s language (en, hi, te or mr): its mails are written in it',
      security: SESSION_SECURITY, body: ZLanguageBody, response: { 200: ZLanguageResponse, ...authErrors },
    },
  }, async (req) => {
    const me = await requireCustomer(req);
    await service.setLanguage(app.db, me.id, req.body.language);
    return { language: req.body.language };
  });

  app.get('/api/session', {
    schema: { tags: ['accounts'], summary: 'Who is logged in (user null when nobody)', response: { 200: ZSessionResponse } },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const me = await req.identity();
    return { user: me?.role === 'customer' ? { _id: me.id, Full_Name: me.name } : null };
  });

  app.get('/api/config', {
    schema: { tags: ['accounts'], summary: 'What the web app needs of the server’s configuration (Google sign-in client id, payment options)', response: { 200: ZClientConfig } },
  }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return { googleClientId: app.config.GOOGLE_CLIENT_ID ?? null, ...clientPaymentOptions(app.config) };
  });

  app.post('/api/logout', {
    schema: { tags: ['accounts'], summary: 'Revoke this session on the server and clear its cookie', response: { 200: ZMessageResponse } },
  }, async (req, reply) => {
    const me = await req.identity();
    if (me) await service.revokeSession(app.db, me.sessionId);
    reply.clearSessionCookie();
    return { message: 'Logged out' };
  });
};
