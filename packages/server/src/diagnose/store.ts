/** A device's history of Diagnose tests: its steps of the test kinds, newest first, with their job's request. */
import {
  diagnoseJobKinds,
  diagnoseTestOfKind,
  type DiagnoseHistoryEntry,
  type DiagnoseTest,
  type JobState,
  type StepState,
} from '@edge/protocol';
import type { Db } from '../db/schema.ts';

const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

export function diagnoseStore(db: Db) {
  return {
    async history(query: {
      deviceId: string;
      tests: DiagnoseTest[];
      limit: number;
      offset: number;
    }): Promise<{ list: DiagnoseHistoryEntry[]; total: number }> {
      if (!query.tests.length) return { list: [], total: 0 };
      const base = db
        .selectFrom('job_steps as s')
        .innerJoin('jobs as j', 'j.id', 's.job_id')
        .where('s.device_id', '=', query.deviceId)
        .where(
          'j.kind',
          'in',
          query.tests.map((t) => diagnoseJobKinds[t]),
        );
      const { total } = await base
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .select([
          's.id as stepId',
          's.job_id as jobId',
          'j.kind',
          'j.params',
          'j.state as jobState',
          's.state',
          's.reason',
          's.result',
          'j.created_by_name as createdByName',
          'j.created_at as createdAt',
          's.started_at as startedAt',
          's.finished_at as finishedAt',
        ])
        .orderBy('s.id', 'desc')
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      return {
        total: Number(total),
        list: rows.map((r) => ({
          jobId: r.jobId,
          stepId: r.stepId,
          test: diagnoseTestOfKind(r.kind)!,
          params: parse(r.params),
          jobState: r.jobState as JobState,
          state: r.state as StepState,
          reason: r.reason,
          result: parse(r.result),
          createdByName: r.createdByName,
          createdAt: Number(r.createdAt),
          startedAt: r.startedAt === null ? null : Number(r.startedAt),
          finishedAt: r.finishedAt === null ? null : Number(r.finishedAt),
        })),
      };
    },
  };
}
export type DiagnoseStore = ReturnType<typeof diagnoseStore>;
