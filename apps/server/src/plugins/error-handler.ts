import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@nirmaan/shared';
import { AppError } from '../lib/errors.ts';

/** One handler for every failure: 4xx carry a message the UI can show, 5xx carry nothing internal. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      return reply.status(err.status).send({ message: err.message, code: err.code } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'is invalid',
      }));
      const first = issues[0];
      return reply.status(400).send({
        message: first ? first.message : 'The request is not valid.',
        code: 'BAD_REQUEST',
        issues,
      } satisfies ErrorBody);
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, cause: err.cause }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
      return reply.status(status).send({ message: err.message, code } satisfies ErrorBody);
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });

}
