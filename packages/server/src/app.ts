/** Builds the console: store, HTTP layer, guard, features. main.ts and the tests both start from here. */
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openStore, type Store } from './db/database.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerApiDocs } from './http/docs.ts';
import { registerWebConsole } from './http/spa.ts';
import './http/types.ts';
import { sessions as makeSessions } from './auth/sessions.ts';
import { registerGuard } from './auth/guard.ts';
import { authService } from './auth/service.ts';
import { authRoutes } from './auth/routes.ts';
import { registerActivityRecorder } from './activity/recorder.ts';
import { accountService } from './account/service.ts';
import { accountRoutes } from './account/routes.ts';
import { variableRoutes } from './variable/routes.ts';
import { healthRoutes } from './health/routes.ts';

export interface Console {
  app: FastifyInstance;
  store: Store;
  close(): Promise<void>;
}

export async function buildConsole(config: Config, opts: { logger?: boolean } = {}): Promise<Console> {
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    trustProxy: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  await registerApiDocs(app);

  const sessions = makeSessions(store.db, config.sessionIdleMinutes);
  registerGuard(app, sessions);
  registerActivityRecorder(app, store.db);

  const accounts = accountService(store.db);
  await accounts.ensureFirstAdministrator(config.adminPassword, app.log);

  await app.register(healthRoutes(store.db));
  await app.register(variableRoutes(config));
  await app.register(authRoutes(authService(store.db, sessions), false));
  await app.register(accountRoutes(accounts));
  await registerWebConsole(app, config.webRoot);

  const pruneTimer = setInterval(() => void sessions.pruneIdle().catch(() => undefined), 10 * 60_000);
  pruneTimer.unref();

  return {
    app,
    store,
    async close() {
      clearInterval(pruneTimer);
      await app.close();
      await store.close();
    },
  };
}
