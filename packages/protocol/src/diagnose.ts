/**
 * The console's Diagnose API (issue 15; SPEC 7 lists no Diagnose calls, so these are the product's own):
 * run a test on devices (a job of the test's kind, job-kinds.ts), read a device's history of tests, and the
 * speedtest endpoint the console serves to its devices. Field rules come from diagnostics.ts.
 */
import { z } from 'zod';
import {
  cellScanResult,
  diagnoseSpeedtestParams,
  iperfParams,
  iperfResult,
  pingParams,
  speedtestResult,
  tracerouteParams,
} from './diagnostics.ts';
import { rpcMethods } from './device-rpc.ts';
import { diagnoseJobKinds } from './job-kinds.ts';
import { jobStates, stepStates } from './jobs.ts';
import type { ChildKey } from './permissions.ts';
import { messages } from './messages.ts';

export const diagnoseTests = ['ping', 'traceroute', 'iperf', 'speedtest', 'cellScan'] as const;
export type DiagnoseTest = (typeof diagnoseTests)[number];

/** SPEC 6: each test is a child page of Diagnose; CellScanner is its own managed item. */
export const diagnoseTestPermission: Record<DiagnoseTest, ChildKey> = {
  ping: 'Ping',
  traceroute: 'Traceroute',
  iperf: 'Iperf',
  speedtest: 'Speedtest',
  cellScan: 'CellScanner',
};

/** The test a job kind runs, or undefined for a kind that is not a Diagnose test. */
export const diagnoseTestOfKind = (kind: string): DiagnoseTest | undefined =>
  diagnoseTests.find((t) => diagnoseJobKinds[t] === kind);

/** What an operator gives each test. */
export const diagnoseParams = {
  ping: pingParams,
  traceroute: tracerouteParams,
  iperf: iperfParams,
  speedtest: diagnoseSpeedtestParams,
  cellScan: z.object({}),
} as const;
export type DiagnoseParams<T extends DiagnoseTest> = z.input<(typeof diagnoseParams)[T]>;

/** Devices one run may cover at most: the largest fleet the console is built for, twice over. */
export const DIAGNOSE_MAX_DEVICES = 20_000;

const deviceId = z.string().min(1).max(64);
const target = {
  /** The devices to run on; or `groupId` for every device of a group. */
  deviceIds: z.array(deviceId).max(DIAGNOSE_MAX_DEVICES).optional(),
  groupId: z.number().int().min(1).optional(),
};
const run = <T extends DiagnoseTest, S extends (typeof diagnoseParams)[T]>(test: T, params: S) =>
  z.object({ test: z.literal(test), params, ...target });

export const diagnoseRunRequest = z
  .discriminatedUnion('test', [
    run('ping', diagnoseParams.ping),
    run('traceroute', diagnoseParams.traceroute),
    run('iperf', diagnoseParams.iperf),
    run('speedtest', diagnoseParams.speedtest),
    run('cellScan', diagnoseParams.cellScan),
  ])
  .refine((r) => (r.deviceIds?.length ?? 0) > 0 || r.groupId !== undefined, {
    message: messages.diagnoseDevicesRequired,
    params: { code: 'diagnoseDevicesRequired' },
  });
export type DiagnoseRunRequest = z.input<typeof diagnoseRunRequest>;

/** What each test keeps per device: the device's result and the output lines it streamed. */
const lines = { lines: z.array(z.string()) };
export const diagnoseResults = {
  ping: rpcMethods.ping.result,
  traceroute: rpcMethods.traceroute.result.extend(lines),
  iperf: iperfResult.extend(lines),
  speedtest: speedtestResult.extend(lines),
  cellScan: cellScanResult,
} as const;
export type DiagnoseResult<T extends DiagnoseTest> = z.infer<(typeof diagnoseResults)[T]>;

/** A failed step keeps what the device said, beside the reason code. */
export const diagnoseFailure = z.object({ detail: z.string(), lines: z.array(z.string()) });

export const diagnoseHistoryQuery = z.object({
  deviceId,
  test: z.enum(diagnoseTests).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
/** As the API reads it (the browser sends these, as a query string). */
export type DiagnoseHistoryQuery = z.output<typeof diagnoseHistoryQuery>;

/** One test on one device: its job's request and its step's outcome. */
export const diagnoseHistoryEntry = z.object({
  jobId: z.number().int(),
  stepId: z.number().int(),
  test: z.enum(diagnoseTests),
  params: z.unknown(),
  jobState: z.enum(jobStates),
  state: z.enum(stepStates),
  /** A message code (messages.ts) or, for the job model's own ends, its text. */
  reason: z.string().nullable(),
  result: z.unknown(),
  createdByName: z.string(),
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
});
export type DiagnoseHistoryEntry = z.infer<typeof diagnoseHistoryEntry>;
export const diagnoseHistoryResponse = z.object({
  list: z.array(diagnoseHistoryEntry),
  total: z.number().int(),
});
export type DiagnoseHistoryResponse = z.infer<typeof diagnoseHistoryResponse>;

export const DIAGNOSE_API = '/api/v1/diagnose';
/**
 * The speedtest endpoint the console serves: `<base>/<token>/download?bytes=N` and `<base>/<token>/upload`,
 * the token made for one device and one test (what the agent's speedtest asks of any server).
 */
export const DIAGNOSE_SPEEDTEST_PATH = `${DIAGNOSE_API}/speedtest`;
export const speedtestDownloadQuery = z.object({
  bytes: z.coerce
    .number()
    .int()
    .min(0)
    .max(512 * 1024 * 1024),
});
