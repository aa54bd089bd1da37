/**
 * Diagnose: a run (needs the test's own permission, asked by the service, beside Diagnose) and a device's
 * history; and the console as a speedtest server for the agents, through links made for one device and
 * one test (public: the link is the credential).
 */
import { z } from 'zod';
import {
  DIAGNOSE_API,
  DIAGNOSE_SPEEDTEST_PATH,
  diagnoseHistoryQuery,
  diagnoseHistoryResponse,
  diagnoseRunRequest,
  speedtestDownloadQuery,
} from '../diagnose.ts';
import { jobDetail } from '../jobs.ts';
import { canView, publicRoute } from '../permissions.ts';
import { endpoint, featureEndpoints, fileAnswer } from './endpoint.ts';

/** `<token>/<verb>`: a wildcard, as a sealed token is longer than a path parameter may be. */
const speedtestLink = z.object({ '*': z.string().max(2048) });

export const diagnoseEndpoints = featureEndpoints('diagnose', {
  run: endpoint({
    method: 'POST',
    path: `${DIAGNOSE_API}/run`,
    permission: canView('Diagnose'),
    activity: 'diagnose.run',
    body: diagnoseRunRequest,
    response: { 200: jobDetail },
    errors: [404],
  }),
  history: endpoint({
    method: 'GET',
    path: `${DIAGNOSE_API}/history`,
    permission: canView('Diagnose'),
    query: diagnoseHistoryQuery,
    response: { 200: diagnoseHistoryResponse },
  }),
  speedtestDownload: endpoint({
    method: 'GET',
    path: `${DIAGNOSE_SPEEDTEST_PATH}/*`,
    permission: publicRoute,
    params: speedtestLink,
    query: speedtestDownloadQuery,
    response: { 200: fileAnswer },
    raw: 'file',
    errors: [404],
  }),
  // A measurement, not a change: nothing is kept, and devices are not users to log.
  speedtestUpload: endpoint({
    method: 'POST',
    path: `${DIAGNOSE_SPEEDTEST_PATH}/*`,
    permission: publicRoute,
    activity: 'diagnose.speedtest.upload',
    params: speedtestLink,
    response: { 200: z.object({ received: z.number() }) },
    errors: [404, 413],
  }),
});
